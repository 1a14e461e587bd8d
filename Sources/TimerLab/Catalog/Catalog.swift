import TimerLabHarness

/// Every scenario timerlab knows: the articles' eighteen, then today's Swift: a fire-and-forget
/// timer, Swift concurrency, and owners on the main actor.
package enum Catalog {
    /// Each leak (and the one loop left running after a freed owner) with the scenario that fixes
    /// it, and what changes: `explain` names the other of the pair, `diff` shows the lines, and
    /// `list` shows the fix and gives the pairs as data. Every leaking scenario has one.
    package static let fixes: [FixPair] = [
        FixPair(
            leak: "strong-target", fix: "explicit-invalidate",
            change:
                """
                stop the timer in viewWillDisappear(), before the release: a deinit that invalidates never runs while the timer holds \
                its target
                """
        ),
        FixPair(
            leak: "weak-target", fix: "proxy",
            change:
                """
                put a weak proxy between the timer and the owner: a weak variable holding self is still a strong target, because the \
                timer retains whatever it is given
                """
        ),
        FixPair(
            leak: "block-strong", fix: "block-weak",
            change: "capture self weakly in the block, so nothing the run loop holds reaches the owner"),
        FixPair(
            leak: "block-invalidated", fix: "block-weak",
            change:
                """
                capture self weakly in the block: on Linux Foundation keeps every block Timer, and its block, after invalidate(), so \
                only a weak capture frees the owner
                """
        ),
        FixPair(
            leak: "helper-strong", fix: "helper-weak",
            change:
                """
                let the helper take itself weakly in its own timer's block: the owner's release then frees the helper, whose \
                deinit stops the timer
                """,
            problem: .leakedHelper),
        FixPair(
            leak: "timer-unstored", fix: "block-weak",
            change: "store the timer, capture self weakly, and invalidate it in deinit: a timer nobody keeps, nobody can stop",
            nearest: true),
        FixPair(
            leak: "gcd-strong", fix: "gcd",
            change: "capture self weakly in the event handler, so the source does not keep the owner that cancels it"),
        FixPair(
            leak: "no-runloop", fix: "mode-common",
            change:
                """
                add the timer to the run loop of a thread that runs it, in the modes it runs in, not to a global-queue thread's run \
                loop that nobody runs (or use a GCD timer, as gcd does, which needs no run loop)
                """,
            nearest: true),
        FixPair(
            leak: "task-strong", fix: "task-weak-each",
            change:
                """
                take self weakly and unwrap it on each turn, after the sleep: a loop that holds self keeps the owner whose deinit \
                would cancel it
                """
        ),
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
            leak: "task-cancel-spin", fix: "task-weak-each",
            change:
                """
                let the cancellation end the loop (check Task.isCancelled, and unwrap a weak self on each turn): try? swallows \
                CancellationError, so the cancelled loop spins holding self
                """
        ),
        FixPair(
            leak: "stream-strong", fix: "stream-on-termination",
            change:
                """
                consume with [weak self], unwrapped per element, and let the stream's onTermination stop what feeds it: a consumer \
                loop that holds self keeps the owner that would end it
                """,
            nearest: true),
        FixPair(
            leak: "stream-producer-zombie", fix: "stream-on-termination",
            change: "cancel the producer from the stream's onTermination, so it ends with its consumer",
            problem: .loopLeftRunning),
        FixPair(
            leak: "actor-strong", fix: "actor-weak",
            change: "take self weakly and unwrap it inside the loop: actor isolation changes where the loop runs, not who holds whom"),
        FixPair(
            leak: "observations-strong", fix: "observations-weak",
            change: "capture self weakly in the Observations closure and in the loop, and cancel the task in deinit"),
        FixPair(
            leak: "main-strong-target", fix: "main-isolated-deinit",
            change:
                """
                capture self weakly: an isolated deinit invalidates the timer only once it runs, and a strong capture means it never \
                does
                """),
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
        .timerUnstored, .helperStrong, .helperWeak,
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
