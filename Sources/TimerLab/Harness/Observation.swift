import Foundation

/// What one run of one scenario observed, beside the expectation it was compared with.
///
/// This is timerlab's one result model: the harness builds it, every renderer reads it, and
/// `leak --format json` prints it, so `check` decodes a child's output into this same type.
/// Optional facts are written as `null`, never left out.
public struct Observation: Sendable, Equatable, Codable {
    /// The scenario's name.
    public var scenario: String
    /// Its family.
    public var family: ScenarioFamily
    /// The articles it comes from; empty for a Linux finding or a Swift concurrency scenario.
    public var articles: [Article]
    /// `freed` or `leaked`, observed with a weak reference.
    public var owner: OwnerFate
    /// Whether the owner ticked before release.
    public var fired: Bool
    /// Whether the timer or source was still scheduled at the end of the grace period.
    public var afterRelease: TimerState
    /// Ticks of the owner's work before release.
    public var firesBeforeRelease: Int
    /// Ticks of the owner's work after release: a leaked owner still being driven by its timer.
    public var firesAfterRelease: Int
    /// For a leaked owner: whether stopping its timer in clean-up then freed it; `nil` for a freed owner.
    @Nullable public var freedOnceStopped: Bool?
    /// Whether the owner's `deinit` ran by the end of the grace period (a second witness of `owner`).
    public var ownerDeinitRan: Bool
    /// Lifetimes of the owner, the timer object and the intermediate.
    public var lifetimes: Lifetimes
    /// How late the ticks before release came; `nil` without ticks.
    @Nullable public var latenessMs: Lateness?
    /// The tolerance (GCD leeway) the scenario asked its timer for, in milliseconds.
    public var toleranceMs: Double
    /// The expectation compared against.
    public var expected: ExpectedOutcome
    /// Whether all three facts match the expectation.
    public var asExpected: Bool
    /// Each fact that does not.
    public var mismatches: [Difference]
    /// Where Linux differs from the articles for this scenario, and why.
    @Nullable public var linuxNote: String?
    /// The requested ticks before release.
    public var ticks: Int
    /// The ticks actually waited for (`ticks`, capped by a one-shot timer's single fire).
    public var tickTarget: Int
    /// The timer interval, in seconds.
    public var interval: Double
    /// The grace period, in ticks.
    public var grace: Int
    /// Everything that happened, in time order: ticks, release, `deinit`, stops and who stopped,
    /// objects freed, the end of the grace period and of clean-up.
    public var events: [RunEvent]
    /// Ticks counted but not listed in `events` (a listing stops at `Probe.maximumTickEvents`).
    public var omittedTickEvents: Int
    /// For a leaked owner whose timer or task the clean-up stopped: the owner's work between that
    /// stop and the end of clean-up. Zero for a stopped timer; millions a second for a loop that
    /// cancelling cannot end. `nil` where nothing was stopped.
    @Nullable public var ticksAfterStop: TicksAfterStop?
    /// The positive controls the negative facts rest on (see `Control`); all seen, or there
    /// would be no observation.
    public var controls: [Control]

    /// The observation of a run of `scenario`, compared with its expectation on `platform`.
    public init(scenario: Scenario, evidence: RunEvidence, platform: Platform = .current) {
        self.scenario = scenario.name
        self.family = scenario.family
        self.articles = scenario.articles
        self.owner = evidence.outcome.owner
        self.fired = evidence.outcome.fired
        self.afterRelease = evidence.outcome.afterRelease
        self.firesBeforeRelease = evidence.firesBeforeRelease
        self.firesAfterRelease = evidence.firesAfterRelease
        self.freedOnceStopped = evidence.freedOnceStopped
        self.ownerDeinitRan = evidence.ownerDeinitRan
        self.lifetimes = evidence.lifetimes
        self.latenessMs = evidence.lateness
        self.toleranceMs = evidence.toleranceMs
        self.expected = ExpectedOutcome(scenario.expectation, on: platform)
        self.mismatches = evidence.outcome.differences(from: expected.outcome)
        self.asExpected = mismatches.isEmpty
        self.linuxNote = scenario.linuxNote
        self.ticks = evidence.settings.ticks
        self.tickTarget = evidence.tickTarget
        self.interval = evidence.settings.interval
        self.grace = evidence.settings.grace
        self.events = evidence.events
        self.omittedTickEvents = evidence.omittedTickEvents
        self.ticksAfterStop = evidence.ticksAfterStop
        self.controls = evidence.controls
    }

    /// The three observed facts.
    public var outcome: Outcome { Outcome(owner: owner, fired: fired, afterRelease: afterRelease) }

    /// This observation compared anew with `scenario`'s expectation on `platform`: the expected
    /// facts, the differences and the verdict are computed here, never taken from where the
    /// observation came from (a child's JSON says what it saw, not whether that was expected).
    public func compared(with scenario: Scenario, on platform: Platform = .current) -> Observation {
        var copy = self
        copy.expected = ExpectedOutcome(scenario.expectation, on: platform)
        copy.mismatches = outcome.differences(from: copy.expected.outcome)
        copy.asExpected = copy.mismatches.isEmpty
        return copy
    }

    /// The settings the run used.
    public var settings: RunSettings { RunSettings(ticks: ticks, interval: interval, grace: grace) }
}

/// Whether the owner, the timer object and the intermediate were freed, observed with weak references.
public struct Lifetimes: Sendable, Equatable, Codable {
    /// The owner.
    public var owner: ObjectLifetime
    /// The timer, source or `WeakTimer`'s source; `nil` if the scenario registered none.
    @Nullable public var timer: ObjectLifetime?
    /// The proxy, temporary target or `WeakTimer` between timer and owner, if there is one.
    @Nullable public var intermediate: ObjectLifetime?

    /// Creates lifetimes.
    public init(owner: ObjectLifetime, timer: ObjectLifetime?, intermediate: ObjectLifetime?) {
        self.owner = owner
        self.timer = timer
        self.intermediate = intermediate
    }
}

/// One object's type and whether it was freed by the end of the grace period.
public struct ObjectLifetime: Sendable, Equatable, Codable {
    /// The object's kind, printed as reports name it: `owner`, `Timer`, `DispatchSourceTimer`, `WeakProxy`.
    public var kind: ObjectKind
    /// Whether a weak reference to it was nil.
    public var freed: Bool

    /// Creates a lifetime record.
    public init(kind: ObjectKind, freed: Bool) {
        self.kind = kind
        self.freed = freed
    }
}

/// The owner's work counted after the harness stopped its timer or task, over a measured time.
public struct TicksAfterStop: Sendable, Equatable, Codable {
    /// Ticks after the stop.
    public var ticks: Int
    /// Seconds between the stop and the end of clean-up.
    public var seconds: Double
    /// Ticks per second after the stop.
    public var perSecond: Double

    /// Ticks over seconds.
    public init(ticks: Int, seconds: Double) {
        self.ticks = ticks
        self.seconds = seconds
        self.perSecond = seconds > 0 ? Double(ticks) / seconds : 0
    }
}
