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

    /// Where every limit below is written: each refusal names it.
    static let limits = "the limits are in \"Limits of a check\" (the DocC) and the README's \"Limits\""

    /// The harness's settings, or why the durations cannot be run.
    func settings() throws(LifetimeCheckError) -> RunSettings {
        guard running > .zero, grace > .zero, timeout > .zero else {
            throw Self.refusal("running, grace and timeout must be longer than zero (got \(running), \(grace) and \(timeout))")
        }
        // Checked before any conversion: a count of steps made from `.seconds(1e17)` would trap.
        let longest = Duration.seconds(RunSettings.maximumNominalDuration)
        guard running <= longest, grace <= longest else {
            throw Self.refusal("running and grace must each be at most 100 s (got \(running) and \(grace))")
        }
        guard patience >= .zero, patience <= .seconds(60) else {
            throw Self.refusal("patience must be from zero to 60 seconds (got \(patience))")
        }
        let seconds = step.seconds
        var settings = RunSettings(
            ticks: max(1, Int((running.seconds / seconds).rounded())), interval: seconds,
            grace: max(1, Int((grace.seconds / seconds).rounded())))
        settings.patience = patience.seconds
        if let problem = settings.problem() { throw Self.refusal(words(problem)) }
        return settings
    }

    /// A problem of the harness's settings, in a check's words.
    private func words(_ problem: RunSettings.Problem) -> String {
        switch problem {
        case .interval:
            return "running and grace must each be at least 1 ms (got \(running) and \(grace))"
        case .ticks, .grace, .tooLong:
            return "running and grace must each be at most 10,000 steps of \(step), the shortest of 10 ms, running and grace "
                + "(got \(running) and \(grace))"
        }
    }

    private static func refusal(_ reason: String) -> LifetimeCheckError {
        LifetimeCheckError(code: .invalidDurations, reason: "\(reason); \(limits)")
    }
}
