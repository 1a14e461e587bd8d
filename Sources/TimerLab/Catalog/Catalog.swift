/// Every scenario timerlab knows: the articles' eighteen, then the Swift concurrency family.
public enum Catalog {
    /// All scenarios.
    public static let all: [Scenario] = [
        .strongTarget, .weakTarget, .explicitInvalidate, .oneShot,
        .blockStrong, .blockWeak, .blockInvalidated, .blockUserInfo,
        .tempTarget, .proxy, .proxyNoInvalidate, .proxyAutoInvalidate,
        .gcd, .gcdStrong, .weakTimer,
        .noRunLoop, .modeDefault, .modeCommon,
        .taskStrong, .taskGuardLet, .taskWeakEach, .taskNoCancel, .taskCancelSpin,
        .streamStrong, .streamProducerZombie, .streamOnTermination, .actorStrong, .actorWeak,
    ]

    /// The scenario called `name`, if there is one.
    public static func scenario(named name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}
