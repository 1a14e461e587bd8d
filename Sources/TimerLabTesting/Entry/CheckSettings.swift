/// A ``LifetimeDefaults`` with every value settled, as one check runs with it.
struct CheckSettings: Sendable {
    var durations: CheckDurations
    var strict: Bool
    var attachments: Bool

    /// The built-in defaults.
    static let builtIn = CheckSettings(
        durations: CheckDurations(
            running: .milliseconds(30), grace: .milliseconds(20), timeout: .seconds(10), patience: Lifetime.defaultPatience),
        strict: false, attachments: true)

    /// The defaults in force for the task running now: the innermost `.lifetimeDefaults` trait's
    /// or `withDefaults`', else the built-in ones.
    @TaskLocal static var current = builtIn

    /// The values `defaults` gives, and `base`'s for each one it leaves out.
    init(_ defaults: LifetimeDefaults, over base: CheckSettings) {
        durations = CheckDurations(
            running: defaults.running ?? base.durations.running, grace: defaults.grace ?? base.durations.grace,
            timeout: defaults.timeout ?? base.durations.timeout, patience: defaults.patience ?? base.durations.patience)
        strict = defaults.strict ?? base.strict
        attachments = defaults.attachments ?? base.attachments
    }

    private init(durations: CheckDurations, strict: Bool, attachments: Bool) {
        (self.durations, self.strict, self.attachments) = (durations, strict, attachments)
    }
}
