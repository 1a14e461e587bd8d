import Foundation

/// How long a run lasts: ticks before release, the interval, and the grace period after release.
package struct RunSettings: Sendable, Equatable {
    /// Ticks to wait for before releasing the owner.
    package var ticks: Int
    /// The timer interval, in seconds.
    package var interval: TimeInterval
    /// How long to keep the run loop going after release, in intervals.
    package var grace: Int
    /// How long, in seconds, a user's type still alive at the end of the grace period is
    /// watched further before it is called leaked: one freed meanwhile was *freed late*. Zero
    /// (the default, and always for a catalog scenario): the verdict is the grace period's.
    package var patience: TimeInterval = 0

    /// The defaults: 3 ticks of 10 ms, then 2 intervals of grace.
    package static let defaults = RunSettings(ticks: 3, interval: 0.01, grace: 2)

    /// Accepted values of `ticks`.
    package static let ticksRange = 1...10_000
    /// Accepted values of `interval`, in seconds.
    package static let intervalRange: ClosedRange<TimeInterval> = 0.001...60
    /// Accepted values of `grace`, in intervals. At least one: an intermediate (`temp-target`,
    /// `proxy-autoinvalidate`) stops its timer at the first tick after release, and a grace of one
    /// interval is what guarantees that fire falls due before the harness looks.
    package static let graceRange = 1...10_000
    /// The longest nominal run, `(ticks + grace) × interval`, in seconds.
    package static let maximumNominalDuration: TimeInterval = 600

    /// Creates settings; call `problem()` to check them against the bounds.
    package init(ticks: Int, interval: TimeInterval, grace: Int) {
        self.ticks = ticks
        self.interval = interval
        self.grace = grace
    }

    /// A setting out of bounds; the command line words it.
    package enum Problem: Error, Equatable, Sendable {
        /// `ticks` is outside `ticksRange`.
        case ticks(Int)
        /// `interval` is not finite or outside `intervalRange`.
        case interval(TimeInterval)
        /// `grace` is outside `graceRange`.
        case grace(Int)
        /// `(ticks + grace) × interval` exceeds `maximumNominalDuration`; the nominal length in seconds.
        case tooLong(TimeInterval)
    }

    /// The first setting out of bounds, or `nil` when all are within them.
    package func problem() -> Problem? {
        if !Self.ticksRange.contains(ticks) { return .ticks(ticks) }
        if !interval.isFinite || !Self.intervalRange.contains(interval) { return .interval(interval) }
        if !Self.graceRange.contains(grace) { return .grace(grace) }
        if nominalDuration > Self.maximumNominalDuration { return .tooLong(nominalDuration) }
        return nil
    }

    /// `(ticks + grace) × interval`, in seconds.
    package var nominalDuration: TimeInterval { Double(ticks + grace) * interval }

    /// How long to wait for `target` ticks before giving up: twice the nominal time plus half a second.
    ///
    /// A timer that never fires (no run loop, wrong mode) ends its run here; the slack keeps a
    /// loaded machine from turning a late timer into "never fired".
    package func tickDeadline(target: Int) -> TimeInterval {
        Double(target) * interval * 2 + 0.5
    }

    /// The grace period after release, in seconds.
    package var graceDuration: TimeInterval { Double(grace) * interval }

    /// How long clean-up may poll for a leaked owner to be freed once its timer is stopped.
    package var settleLimit: TimeInterval { min(max(0.1, interval * 5), 5) }

    /// How long the end of the grace period may wait for cancelled tasks to return, and clean-up
    /// for a loop to tick its sample: generous, because on a loaded machine a task waits for a
    /// thread of the global executor.
    package static let taskSettleLimit: TimeInterval = 2

    /// How long a run waits, at the end of a phase, for every positive control to tick (and for
    /// its queue to drain) before it reports that machinery as not working.
    package static let controlLimit: TimeInterval = 5
    /// How long a run whose owner lives on an actor waits for that actor to take up a step
    /// that touches the owner: past it, the actor is held elsewhere and the run has no observation.
    package static let actorLimit: TimeInterval = 10

    /// How long clean-up may measure a loop that goes on ticking after its cancel, until its
    /// sample (`Probe.spinSample` ticks) is complete: the window stretches with a loaded machine.
    package static let spinSampleLimit: TimeInterval = 10

    /// How long the search for what holds a leaked user's object from outside may take
    /// (`Subject.findHeldFrom`): a search takes 0.3 to 2 s at a loaded test suite's start here,
    /// and some ran past the 5 s it had, and stopped a source the app still used.
    package static let outsideSearchLimit: TimeInterval = 15

    /// The longest a healthy run of a scenario with `target` ticks can take: the tick deadline,
    /// the grace period and the patience, clean-up's polling, the task waits, and for each phase's controls (and
    /// each of the three queue drains, and the tick wait's stretch on a loaded machine) the
    /// control limit. (A user's subject may also search for an outside holder: `hardLimit`.)
    package func worstCaseDuration(target: Int) -> TimeInterval {
        tickDeadline(target: target) + graceDuration + patience + 2 * settleLimit + Self.taskSettleLimit
            + Self.spinSampleLimit + 7 * Self.controlLimit
    }

    /// When the harness gives up on a run of `target` ticks as hung: the worst case, with the
    /// outside search's limit for a subject that searches, plus 3 s of slack for a loaded machine.
    package func hardLimit(target: Int, searchesOutside: Bool = false) -> TimeInterval {
        worstCaseDuration(target: target) + (searchesOutside ? Self.outsideSearchLimit : 0) + 3
    }
}
