/// The kind of timer, fix or pitfall a scenario demonstrates.
public enum ScenarioFamily: String, Sendable, CaseIterable {
    /// `scheduledTimer(target:selector:)`: the timer retains its target.
    case targetAction = "target-action"
    /// `scheduledTimer(withTimeInterval:repeats:block:)` and block categories.
    case blockAPI = "block API"
    /// A third object between the timer and the owner: a weak proxy or temporary target.
    case intermediate
    /// `DispatchSourceTimer` and timers built on it.
    case gcd = "GCD"
    /// Timers whose run loop never runs, or runs in the wrong mode.
    case runLoop = "run loop"
}
