/// One thing that happened during a run, at its time from the run's start.
package struct RunEvent: Sendable, Equatable, Codable {
    /// What happened.
    package enum Kind: String, Sendable, Codable, CaseIterable {
        /// The owner's work ran, before release.
        case tick
        /// The owner's work ran after release: a timer still driving an owner nobody holds.
        case zombieTick = "zombie-tick"
        /// The harness dropped its reference to the owner.
        case release
        /// The owner's `deinit` ran.
        case ownerDeinit = "deinit"
        /// The timer was invalidated or the source cancelled (`by` says who).
        case stop
        /// The timer or source object was freed.
        case timerFreed = "timer-freed"
        /// The intermediate (proxy, temporary target, `WeakTimer`) was freed.
        case intermediateFreed = "intermediate-freed"
        /// The grace period after release ended; the observation is taken here.
        case graceEnd = "grace-end"
        /// The harness finished cleaning up.
        case cleanup
    }

    /// Who stopped the timer.
    package enum Stopper: String, Sendable, Codable, CaseIterable {
        /// The owner: its explicit stop before release, or its `deinit`.
        case owner
        /// The proxy, temporary target or `WeakTimer` between timer and owner.
        case intermediate
        /// The timer itself: a one-shot timer invalidates itself after its fire.
        case timer
        /// The harness's clean-up, after the observation.
        case harness
    }

    /// Milliseconds from the run's start (just before the owner's `startRun()`).
    package var ms: Double
    /// What happened.
    package var event: Kind
    /// For `stop`: who stopped the timer; `null` otherwise.
    @Nullable package var by: Stopper?

    /// Creates an event.
    package init(ms: Double, event: Kind, by: Stopper? = nil) {
        self.ms = ms
        self.event = event
        self.by = by
    }
}
