import TimerLab
import TimerLabHarness

/// Scenarios run in this process, as `leak` and `diff` run them, and the words and exit status
/// for the runs that failed.
enum InProcessRuns {
    /// Runs every scenario asked for. Each result stays paired with its scenario, so explanations
    /// follow the right result even when a run in the middle fails.
    static func run(
        _ scenarios: [Scenario], settings: RunSettings
    ) -> ([(scenario: Scenario, observation: ScenarioObservation)], [HarnessError]) {
        var completed: [(scenario: Scenario, observation: ScenarioObservation)] = []
        var failures: [HarnessError] = []
        for (scenario, result) in zip(scenarios, Harness().run(scenarios, settings: settings)) {
            switch result {
            case .success(let observation): completed.append((scenario, observation))
            case .failure(let error): failures.append(error)
            }
        }
        return (completed, failures)
    }

    /// Writes one line per failure and returns the status they end the command with; `nil` if
    /// every run completed.
    static func report(_ failures: [HarnessError], io: CommandIO) -> ExitStatus? {
        lines(for: failures).forEach(io.fail)
        guard let failure = failures.first else { return nil }
        // A hang has a status of its own, so `check` can tell it from a failure to run.
        return failures.allSatisfy(\.isTimeout) ? .timedOut : failure.exitStatus
    }

    /// One line per failure, except that every run the system refused shares one line (however
    /// many reasons: a starved machine refuses a thread here and a descriptor there), so a
    /// shortage is always one line.
    static func lines(for failures: [HarnessError]) -> [String] {
        let refused = failures.filter(\.isResourceShortage)
        let others = failures.filter { !$0.isResourceShortage }.map(\.description)
        guard let first = refused.first else { return others }
        guard refused.count > 1 else { return others + [first.description] }
        var reasons: [String] = []
        for failure in refused where !reasons.contains(failure.shortageReason) {
            reasons.append(failure.shortageReason)
        }
        let names = refused.map(\.subjectName)
        return others + ["\(names.count) scenarios could not be run (\(names.joined(separator: ", "))): \(reasons.joined(separator: "; "))"]
    }
}

extension HarnessError {
    /// Whether the scenario ran but did not finish in time.
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// The exit status for a run that failed this way.
    var exitStatus: ExitStatus {
        if isResourceShortage { return .systemResources }
        return isTimeout ? .timedOut : .internalFailure
    }

    /// The subject the failure is about.
    var subjectName: String {
        switch self {
        case .timedOut(let name, _), .couldNotStart(let name, _), .didNotStart(let name), .controlFailed(let name, _): return name
        }
    }

    /// Why the system refused, without the subject's name.
    var shortageReason: String {
        switch self {
        case .couldNotStart(_, let reason): return reason
        case .controlFailed(_, let control):
            return "the \(control.what.rawValue) control did not tick \(control.phase.sentence): \(control.what.likelyCause)"
        case .timedOut, .didNotStart: return description
        }
    }
}
