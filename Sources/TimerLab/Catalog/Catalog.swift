import TimerLabHarness

/// Every scenario timerlab knows: the articles' eighteen, then today's Swift: a fire-and-forget
/// timer, Swift concurrency, and owners on the main actor.
package enum Catalog {
    /// Each leak with the scenario that fixes it, and what changes: `explain` names the other of
    /// the pair, `diff` shows the lines, and `list` and `explain` give them as data.
    package static let fixes: [FixPair] = [
        FixPair(
            leak: "strong-target", fix: "explicit-invalidate",
            change:
                "stop the timer in viewWillDisappear(), before the release: a deinit that invalidates never runs while the timer holds its target"
        ),
        FixPair(
            leak: "block-strong", fix: "block-weak",
            change: "capture self weakly in the block, so nothing the run loop holds reaches the owner"),
        FixPair(
            leak: "timer-unstored", fix: "block-weak",
            change: "store the timer, capture self weakly, and invalidate it in deinit: a timer nobody keeps, nobody can stop"),
        FixPair(
            leak: "gcd-strong", fix: "gcd",
            change: "capture self weakly in the event handler, so the source does not keep the owner that cancels it"),
        FixPair(
            leak: "task-guard-let", fix: "task-weak-each",
            change: "unwrap self after each sleep, inside the loop, not once before it"),
        FixPair(
            leak: "task-weak-call", fix: "task-weak-each",
            change: "take self weakly afresh on each turn instead of calling into a method that loops while it holds self"),
        FixPair(
            leak: "task-unstored", fix: "task-weak-each",
            change: "store the task, take self weakly on each turn, and cancel it in deinit: a task nobody keeps, nobody can cancel"),
        FixPair(
            leak: "stream-producer-zombie", fix: "stream-on-termination",
            change: "cancel the producer from the stream's onTermination, so it ends with its consumer"),
        FixPair(
            leak: "observations-strong", fix: "observations-weak",
            change: "capture self weakly in the Observations closure and in the loop, and cancel the task in deinit"),
        FixPair(
            leak: "main-strong-target", fix: "main-isolated-deinit",
            change:
                "capture self weakly: an isolated deinit invalidates the timer only once it runs, and a strong capture means it never does"),
    ]

    /// The pairs `name` belongs to, as the leak or as the fix.
    package static func pairs(of name: String) -> [FixPair] {
        fixes.filter { $0.leak == name || $0.fix == name }
    }

    /// All scenarios.
    package static let all: [Scenario] = [
        .strongTarget, .weakTarget, .explicitInvalidate, .oneShot,
        .blockStrong, .blockWeak, .blockInvalidated, .blockUserInfo,
        .tempTarget, .proxy, .proxyNoInvalidate, .proxyAutoInvalidate,
        .gcd, .gcdStrong, .weakTimer,
        .noRunLoop, .modeDefault, .modeCommon,
        .timerUnstored,
        .taskStrong, .taskGuardLet, .taskWeakCall, .taskWeakEach, .taskNoCancel, .taskCancelSpin, .taskUnstored,
        .streamStrong, .streamProducerZombie, .streamOnTermination, .actorStrong, .actorWeak,
        .observationsStrong, .observationsWeak,
        .mainStrongTarget, .mainIsolatedDeinit,
    ]

    /// The scenario called `name`, if there is one.
    package static func scenario(named name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
