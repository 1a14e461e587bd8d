import TimerLabHarness

/// How long a check runs the object before release and watches it after, and how long a step
/// of the user's may take: turned into the harness's ticks of one step.
struct CheckDurations: Sendable {
    var running: Duration
    var grace: Duration
    var timeout: Duration
    /// How long an object still alive after the grace period is watched further: one freed
    /// meanwhile was freed late; one still alive is a leak.
    var patience: Duration

    /// The step the harness's controls tick at: 10 ms, or less for shorter durations.
    private var step: Duration { min(.milliseconds(10), running, grace) }

    /// The harness's settings, or why the durations cannot be run.
    func settings() throws(LifetimeCheckError) -> RunSettings {
        guard running > .zero, grace > .zero, timeout > .zero else {
            throw LifetimeCheckError(
                code: .invalidDurations,
                reason: "running, grace and timeout must be longer than zero (got \(running), \(grace) and \(timeout))")
        }
        // Checked before any conversion: a count of steps made from `.seconds(1e17)` would trap.
        let longest = Duration.seconds(RunSettings.maximumNominalDuration)
        guard running <= longest, grace <= longest else {
            throw LifetimeCheckError(
                code: .invalidDurations,
                reason: "running and grace must each be at most \(longest) (got \(running) and \(grace))")
        }
        guard patience >= .zero, patience <= .seconds(60) else {
            throw LifetimeCheckError(code: .invalidDurations, reason: "patience must be from zero to 60 seconds (got \(patience))")
        }
        let seconds = step.seconds
        var settings = RunSettings(
            ticks: max(1, Int((running.seconds / seconds).rounded())), interval: seconds,
            grace: max(1, Int((grace.seconds / seconds).rounded())))
        settings.patience = patience.seconds
        if let problem = settings.problem() {
            throw LifetimeCheckError(code: .invalidDurations, reason: "running \(running) and grace \(grace) are out of bounds: \(problem)")
        }
        return settings
    }
}
