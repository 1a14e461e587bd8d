import TimerLabHarness

/// The kind of timer, fix or pitfall a scenario demonstrates; the raw value is what output prints.
package enum ScenarioFamily: String, Sendable, Codable, CaseIterable {
    /// `scheduledTimer(target:selector:)`: the timer retains its target.
    case targetAction = "target-action"
    /// `scheduledTimer(withTimeInterval:repeats:block:)` and block categories.
    case blockAPI = "block-api"
    /// A third object between the timer and the owner: a weak proxy or temporary target.
    case intermediate
    /// `DispatchSourceTimer` and timers built on it.
    case gcd
    /// Timers whose run loop never runs, or runs in the wrong mode.
    case runLoop = "run-loop"
    /// `Task` loops and `AsyncStream`s: what replaces the timer in Swift code written today.
    case concurrency
    /// Owners isolated to the main actor, as view controllers are in today's Swift, with their
    /// timers on the run loop of the thread the main actor runs on.
    case mainActor = "main-actor"

    /// The machinery a timer of this family fires on, which the run's controls watch: a run loop,
    /// a dispatch queue, or Swift's executor.
    package var machinery: [Control.What] {
        switch self {
        case .targetAction, .blockAPI, .intermediate, .runLoop, .mainActor: return [.runLoop]
        case .gcd: return [.queue]
        case .concurrency: return [.executor]
        }
    }

    /// Where a scenario no article describes comes from; the raw value is what output prints.
    package enum Origin: String, Sendable {
        /// The Task loops, streams and actors Swift code uses instead of timers today.
        case swiftConcurrency = "Swift concurrency"
        /// A finding of timerlab's on Linux: its expectation differs by platform.
        case linuxFinding = "Linux finding"
        /// A leak of Swift code as it is written today, on every platform.
        case todaysSwift = "today's Swift"
    }

    /// Where a scenario of this family comes from when no article describes it.
    package func originWithoutArticle(platformSpecific: Bool) -> Origin {
        if self == .concurrency || self == .mainActor { return .swiftConcurrency }
        return platformSpecific ? .linuxFinding : .todaysSwift
    }
}
