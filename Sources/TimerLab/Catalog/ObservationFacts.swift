import TimerLabHarness

/// The observation's facts by name, read through its evidence and its comparison: what every
/// renderer prints.
extension Observation {
    /// The three observed facts.
    package var outcome: Outcome { evidence.outcome }
    /// `freed` or `leaked`, observed with a weak reference.
    package var owner: OwnerFate { outcome.owner }
    /// Whether the owner ticked before release.
    package var fired: Bool { outcome.fired }
    /// Whether the timer or source was still scheduled at the end of the grace period.
    package var afterRelease: TimerState { outcome.afterRelease }
    /// Ticks of the owner's work before release.
    package var firesBeforeRelease: Int { evidence.firesBeforeRelease }
    /// Ticks of the owner's work after release: a leaked owner still being driven by its timer.
    package var firesAfterRelease: Int { evidence.firesAfterRelease }
    /// For a leaked owner: whether stopping its timer in clean-up then freed it; `nil` for a freed owner.
    package var freedOnceStopped: Bool? { evidence.freedOnceStopped }
    /// Whether the owner's `deinit` ran by the end of the grace period (a second witness of `owner`).
    package var ownerDeinitRan: Bool { evidence.ownerDeinitRan }
    /// Lifetimes of the owner, the timer object and the intermediate.
    package var lifetimes: Lifetimes { evidence.lifetimes }
    /// How late the ticks before release came; `nil` without ticks.
    package var latenessMs: Lateness? { evidence.lateness }
    /// The tolerance (GCD leeway) the scenario asked its timer for, in milliseconds.
    package var toleranceMs: Double { evidence.toleranceMs }
    /// Everything that happened, in time order.
    package var events: [RunEvent] { evidence.events }
    /// Ticks counted but not listed in `events`.
    package var omittedTickEvents: Int { evidence.omittedTickEvents }
    /// The owner's work after the clean-up's stop, for a leaked owner whose timer was stopped.
    package var ticksAfterStop: TicksAfterStop? { evidence.ticksAfterStop }
    /// The positive controls the negative facts rest on.
    package var controls: [Control] { evidence.controls }
    /// The settings the run used.
    package var settings: RunSettings { evidence.settings }
    /// The requested ticks before release.
    package var ticks: Int { settings.ticks }
    /// The ticks actually waited for (`ticks`, capped by a one-shot timer's single fire).
    package var tickTarget: Int { evidence.tickTarget }
    /// The timer interval, in seconds.
    package var interval: Double { settings.interval }
    /// The grace period, in ticks.
    package var grace: Int { settings.grace }
    /// Whether all three facts match the expectation.
    package var asExpected: Bool { comparison.asExpected }
    /// Each fact that does not.
    package var mismatches: [Difference] { comparison.differences }
}
