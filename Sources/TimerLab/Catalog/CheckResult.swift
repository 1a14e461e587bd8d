import TimerLabHarness

/// One scenario's verdict in `timerlab check`: observed (as expected or not), or not observed at all.
package struct CheckResult: Sendable, Equatable, Codable {
    /// How the scenario's check ended.
    package enum Status: String, Sendable, Codable, CaseIterable {
        /// Observed, and as documented.
        case pass
        /// Observed, and some fact differs from the expectation.
        case differs
        /// The child died of a signal.
        case crashed
        /// The child did not finish within its hard limit.
        case timedOut = "timed-out"
        /// timerlab could not run or read the scenario (no process, thread or descriptor to be had,
        /// unreadable output): a failure of the tool, never an observation.
        case error
    }

    /// The scenario's name.
    package var scenario: String
    /// Its family, known even when the run did not complete.
    package var family: ScenarioFamily
    /// How it ended.
    package var status: Status
    /// The child process's wall time, in seconds.
    package var seconds: Double
    /// For a run that did not complete: the signal, the exit status or the error it printed.
    @Nullable package var detail: String?
    /// What was observed, when the run completed.
    @Nullable package var result: ScenarioObservation?

    /// A result for a run that completed.
    package init(observation: ScenarioObservation, seconds: Double) {
        self.scenario = observation.scenario
        self.family = observation.family
        self.status = observation.asExpected ? .pass : .differs
        self.seconds = seconds
        self.detail = nil
        self.result = observation
    }

    /// A result for a run that did not complete.
    package init(scenario: Scenario, status: Status, detail: String, seconds: Double) {
        self.scenario = scenario.name
        self.family = scenario.family
        self.status = status
        self.seconds = seconds
        self.detail = detail
        self.result = nil
    }

    /// Whether the scenario behaved as documented.
    package var passed: Bool { status == .pass }

    /// One line on what went wrong: the facts that differ, or why the run did not complete.
    package var problem: String? {
        switch status {
        case .pass:
            return nil
        case .differs:
            return result?.mismatches.map(\.sentence).joined(separator: "; ")
        case .crashed, .timedOut, .error:
            return [status.rawValue, detail].compactMap { $0 }.joined(separator: ": ")
        }
    }
}
