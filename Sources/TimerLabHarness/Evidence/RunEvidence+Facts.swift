extension RunEvidence {
    /// `freed` or `leaked`, observed with a weak reference.
    package var owner: OwnerFate { outcome.owner }
    /// Whether the owner ticked before release.
    package var fired: Bool { outcome.fired }
    /// Whether the timer or source was still scheduled at the end of the grace period.
    package var afterRelease: TimerState { outcome.afterRelease }
    /// The fate of the helper the owner made, if it made one.
    package var helper: OwnerFate? { outcome.helper }
    /// The requested ticks before release.
    package var ticks: Int { settings.ticks }
    /// The timer interval, in seconds.
    package var interval: Double { settings.interval }
    /// The grace period, in intervals.
    package var grace: Int { settings.grace }
}
