import TimerLabHarness

/// How long a check runs the object before release and watches it after: two durations, turned
/// into the harness's ticks of one step.
struct CheckDurations: Sendable {
    let running: Duration
    let grace: Duration

    /// The step the harness's controls tick at: 10 ms, or less for shorter durations.
    private var step: Duration { min(.milliseconds(10), running, grace) }

    /// The harness's settings, or why the durations cannot be run.
    func settings() throws(LifetimeCheckError) -> RunSettings {
        guard running > .zero, grace > .zero else {
            throw LifetimeCheckError(reason: "running and grace must be longer than zero (got \(running) and \(grace))")
        }
        let seconds = step.seconds
        let settings = RunSettings(
            ticks: max(1, Int((running.seconds / seconds).rounded())), interval: seconds,
            grace: max(1, Int((grace.seconds / seconds).rounded())))
        if let problem = settings.problem() {
            throw LifetimeCheckError(reason: "running \(running) and grace \(grace) are out of bounds: \(problem)")
        }
        return settings
    }
}
