import TimerLabHarness

/// Every scenario timerlab knows: the articles' eighteen, then the Swift concurrency family.
package enum Catalog {
    /// Pairs whose owners differ by the line or two that fix a leak (of the owner, or of a loop left
    /// running after it): the leak, then its fix.
    /// `explain` names the other of the pair; `diff` shows the lines.
    package static let fixes: [(leak: String, fix: String)] = [
        ("strong-target", "explicit-invalidate"), ("block-strong", "block-weak"), ("task-guard-let", "task-weak-each"),
        ("stream-producer-zombie", "stream-on-termination"), ("gcd-strong", "gcd"), ("task-weak-call", "task-weak-each"),
    ]

    /// All scenarios.
    package static let all: [Scenario] = [
        .strongTarget, .weakTarget, .explicitInvalidate, .oneShot,
        .blockStrong, .blockWeak, .blockInvalidated, .blockUserInfo,
        .tempTarget, .proxy, .proxyNoInvalidate, .proxyAutoInvalidate,
        .gcd, .gcdStrong, .weakTimer,
        .noRunLoop, .modeDefault, .modeCommon,
        .taskStrong, .taskGuardLet, .taskWeakCall, .taskWeakEach, .taskNoCancel, .taskCancelSpin,
        .streamStrong, .streamProducerZombie, .streamOnTermination, .actorStrong, .actorWeak,
    ]

    /// The scenario called `name`, if there is one.
    package static func scenario(named name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
