import Foundation

/// What one run of one scenario observed, with the expectation it is compared against.
public struct Observation: Sendable {
    /// The scenario that ran.
    public let scenario: Scenario
    /// The settings it ran with.
    public let settings: RunSettings
    /// The ticks the harness waited for before release (`settings.ticks`, capped by the scenario).
    public let tickTarget: Int
    /// The three observed facts.
    public let outcome: Outcome
    /// Ticks of the owner's work before release.
    public let firesBeforeRelease: Int
    /// Ticks of the owner's work after release: a leaked owner still being driven by its timer.
    public let firesAfterRelease: Int
    /// Whether the owner's `deinit` ran by the end of the grace period (corroborates `outcome.owner`).
    public let ownerDeinitRan: Bool
    /// For a leaked owner: whether stopping its timer in clean-up then freed it. `nil` for a freed owner.
    public let freedOnceStopped: Bool?
    /// Lifetimes of the timer object and of the intermediate, at the end of the grace period.
    public let lifetimes: Lifetimes
    /// How late the ticks before release came against the ideal schedule, or `nil` without ticks.
    public let lateness: Lateness?
    /// The tolerance the scenario asked its timer for, in seconds (0 if none).
    public let requestedTolerance: TimeInterval

    /// Creates an observation; the harness is its only producer outside tests.
    public init(
        scenario: Scenario, settings: RunSettings, tickTarget: Int, outcome: Outcome,
        firesBeforeRelease: Int, firesAfterRelease: Int, ownerDeinitRan: Bool,
        freedOnceStopped: Bool?, lifetimes: Lifetimes, lateness: Lateness?, requestedTolerance: TimeInterval = 0
    ) {
        self.scenario = scenario
        self.settings = settings
        self.tickTarget = tickTarget
        self.outcome = outcome
        self.firesBeforeRelease = firesBeforeRelease
        self.firesAfterRelease = firesAfterRelease
        self.ownerDeinitRan = ownerDeinitRan
        self.freedOnceStopped = freedOnceStopped
        self.lifetimes = lifetimes
        self.lateness = lateness
        self.requestedTolerance = requestedTolerance
    }

    /// The outcome expected on this platform.
    public var expected: Outcome { scenario.expectation.onThisPlatform }

    /// The facts on which the observation and the expectation disagree.
    public var differences: [Difference] { outcome.differences(from: expected) }

    /// Whether the observation agrees with the expectation on all three facts.
    public var asExpected: Bool { differences.isEmpty }
}

/// Whether each object besides the owner was freed, observed with weak references.
public struct Lifetimes: Sendable, Equatable {
    /// The timer, source or `WeakTimer`: its kind and whether it was freed.
    public var timer: ObjectLifetime?
    /// The proxy or temporary target between timer and owner, if the scenario has one.
    public var intermediate: ObjectLifetime?

    /// Creates lifetimes.
    public init(timer: ObjectLifetime?, intermediate: ObjectLifetime?) {
        self.timer = timer
        self.intermediate = intermediate
    }
}

/// One object's name and whether it was freed.
public struct ObjectLifetime: Sendable, Equatable {
    /// The object's type as the report names it.
    public var name: String
    /// Whether a weak reference to it was nil.
    public var freed: Bool

    /// Creates a lifetime record.
    public init(name: String, freed: Bool) {
        self.name = name
        self.freed = freed
    }
}

/// How late ticks came against the ideal schedule `start + k × interval`, in milliseconds.
public struct Lateness: Sendable, Equatable {
    /// The median lateness.
    public var medianMs: Double
    /// The largest lateness.
    public var maxMs: Double

    /// Creates a lateness summary.
    public init(medianMs: Double, maxMs: Double) {
        self.medianMs = medianMs
        self.maxMs = maxMs
    }

    /// Summarises ticks at `instants` of a timer started at `start` with `interval`.
    public init?(instants: [ContinuousClock.Instant], start: ContinuousClock.Instant, interval: TimeInterval) {
        guard !instants.isEmpty else { return nil }
        let late = instants.enumerated().map { index, instant -> Double in
            let ideal = start + .seconds(interval * Double(index + 1))
            return (ideal.duration(to: instant)).milliseconds
        }.sorted()
        let middle = late.count / 2
        self.medianMs = late.count % 2 == 1 ? late[middle] : (late[middle - 1] + late[middle]) / 2
        self.maxMs = late.last!
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a floating-point number.
    var milliseconds: Double { seconds * 1_000 }
}
