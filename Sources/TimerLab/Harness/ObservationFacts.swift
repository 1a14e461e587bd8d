/// The observation's facts by name, read through its evidence and its comparison: what every
/// renderer prints.
extension Observation {
    /// The three observed facts.
    public var outcome: Outcome { evidence.outcome }
    /// `freed` or `leaked`, observed with a weak reference.
    public var owner: OwnerFate { outcome.owner }
    /// Whether the owner ticked before release.
    public var fired: Bool { outcome.fired }
    /// Whether the timer or source was still scheduled at the end of the grace period.
    public var afterRelease: TimerState { outcome.afterRelease }
    /// Ticks of the owner's work before release.
    public var firesBeforeRelease: Int { evidence.firesBeforeRelease }
    /// Ticks of the owner's work after release: a leaked owner still being driven by its timer.
    public var firesAfterRelease: Int { evidence.firesAfterRelease }
    /// For a leaked owner: whether stopping its timer in clean-up then freed it; `nil` for a freed owner.
    public var freedOnceStopped: Bool? { evidence.freedOnceStopped }
    /// Whether the owner's `deinit` ran by the end of the grace period (a second witness of `owner`).
    public var ownerDeinitRan: Bool { evidence.ownerDeinitRan }
    /// Lifetimes of the owner, the timer object and the intermediate.
    public var lifetimes: Lifetimes { evidence.lifetimes }
    /// How late the ticks before release came; `nil` without ticks.
    public var latenessMs: Lateness? { evidence.lateness }
    /// The tolerance (GCD leeway) the scenario asked its timer for, in milliseconds.
    public var toleranceMs: Double { evidence.toleranceMs }
    /// Everything that happened, in time order.
    public var events: [RunEvent] { evidence.events }
    /// Ticks counted but not listed in `events`.
    public var omittedTickEvents: Int { evidence.omittedTickEvents }
    /// The owner's work after the clean-up's stop, for a leaked owner whose timer was stopped.
    public var ticksAfterStop: TicksAfterStop? { evidence.ticksAfterStop }
    /// The positive controls the negative facts rest on.
    public var controls: [Control] { evidence.controls }
    /// The settings the run used.
    public var settings: RunSettings { evidence.settings }
    /// The requested ticks before release.
    public var ticks: Int { settings.ticks }
    /// The ticks actually waited for (`ticks`, capped by a one-shot timer's single fire).
    public var tickTarget: Int { evidence.tickTarget }
    /// The timer interval, in seconds.
    public var interval: Double { settings.interval }
    /// The grace period, in ticks.
    public var grace: Int { settings.grace }
    /// Whether all three facts match the expectation.
    public var asExpected: Bool { comparison.asExpected }
    /// Each fact that does not.
    public var mismatches: [Difference] { comparison.differences }
}
