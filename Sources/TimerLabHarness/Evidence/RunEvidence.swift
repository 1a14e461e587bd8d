/// Everything one run of a subject observed: the three facts and the evidence behind them.
///
/// The harness builds it in the steps the README's "How a lifetime is observed" names; the
/// catalog pairs it with a scenario's expectation to make a `ScenarioObservation`.
package struct RunEvidence: Sendable, Equatable {
    /// The three observed facts.
    package var outcome: Outcome
    /// Ticks of the owner's work before release.
    package var ticksBeforeRelease: Int
    /// Ticks of the owner's work after release.
    package var ticksAfterRelease: Int
    /// For a leaked owner: whether stopping its timers in clean-up freed it; `nil` for a freed owner.
    package var freedOnceStopped: Bool?
    /// Whether the owner's `deinit` ran by the end of the grace period.
    package var ownerDeinitRan: Bool
    /// Lifetimes of the owner, the timer object and the intermediate.
    package var lifetimes: Lifetimes
    /// How late the ticks before release came; `nil` without ticks.
    package var lateness: Lateness?
    /// The tolerance (GCD leeway) the subject asked its timer for, in milliseconds.
    package var toleranceMs: Double
    /// Everything that happened, in time order.
    package var events: [RunEvent]
    /// Ticks counted but not listed in `events`.
    package var omittedTickEvents: Int
    /// The owner's work after the clean-up's stop, for a leaked owner whose timer was stopped.
    package var ticksAfterStop: TicksAfterStop?
    /// The positive controls the negative facts rest on, every one of them seen.
    package var controls: [Control]
    /// The settings the run used.
    package var settings: RunSettings
    /// The ticks actually waited for before release.
    package var tickTarget: Int
    /// The timers, sources and tasks the run watched, with where a user's type kept them.
    package var watched: [HolderRecord] = []
    /// For a leaked user's type: the stop that freed it, if one did.
    package var culprit: Culprit?
    /// For a leaked user's type: the property paths stopped one at a time, in order.
    package var stopsTried: [String] = []
    /// For a user's type still alive at the end of the grace period and freed within the
    /// patience: how long after release it was seen freed, in seconds. `nil` otherwise.
    package var freedLate: Double?
    /// For a user's type still alive once the patience ran out: the stored closures seen
    /// capturing it, and the holders whose own closure does not, read before clean-up stopped anything.
    package var closures = ClosureReading()
    /// For a user's type still alive at the end of the grace period: whether it was judged
    /// leaked then, without the patience, because nothing it stores could still let go of it
    /// and a closure it keeps was seen capturing it.
    package var patienceSkipped = false
    /// Whether the owner's start scheduled a timer on the run's run loop (stored or not): the
    /// trace an unstored `Timer` leaves.
    package var timerScheduledByStart = false

    /// Creates evidence; the harness builds it from a run, tests and renderers' samples by hand.
    package init(
        outcome: Outcome, ticksBeforeRelease: Int, ticksAfterRelease: Int, freedOnceStopped: Bool?,
        ownerDeinitRan: Bool, lifetimes: Lifetimes, lateness: Lateness? = nil, toleranceMs: Double = 0,
        events: [RunEvent] = [], omittedTickEvents: Int = 0, ticksAfterStop: TicksAfterStop? = nil,
        controls: [Control] = [], settings: RunSettings = .defaults, tickTarget: Int? = nil
    ) {
        (self.outcome, self.ticksBeforeRelease, self.ticksAfterRelease) = (outcome, ticksBeforeRelease, ticksAfterRelease)
        (self.freedOnceStopped, self.ownerDeinitRan, self.lifetimes) = (freedOnceStopped, ownerDeinitRan, lifetimes)
        (self.lateness, self.toleranceMs) = (lateness, toleranceMs)
        (self.events, self.omittedTickEvents, self.ticksAfterStop) = (events, omittedTickEvents, ticksAfterStop)
        (self.controls, self.settings, self.tickTarget) = (controls, settings, tickTarget ?? settings.ticks)
    }
}
