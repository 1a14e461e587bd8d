import TimerLab

/// `timerlab diff <a> <b>`: runs both scenarios and shows what they observed beside the lines of
/// their owners' code that differ.
enum DiffCommand {
    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        guard parsed.positionals.count == 2 else {
            throw UsageError(
                message: "diff takes two scenarios, such as 'timerlab diff strong-target explicit-invalidate', but got \(parsed.positionals.count)",
                command: .diff)
        }
        let scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: false, in: invocation.catalog, command: .diff)
        var observations: [Observation] = []
        var failures: [HarnessError] = []
        for result in Harness().run(scenarios, settings: .defaults) {
            switch result {
            case .success(let observation): observations.append(observation)
            case .failure(let error): failures.append(error)
            }
        }
        guard failures.isEmpty else {
            LeakCommand.lines(for: failures).forEach(io.fail)
            return failures.allSatisfy(\.isTimeout) ? .timedOut : failures[0].exitStatus
        }
        guard let document = DiffReport.document(observations[0], observations[1]) else {
            throw UsageError(message: "diff compares catalog scenarios, whose code timerlab carries", command: .diff)
        }
        switch DiffFormat(parsed) {
        case .text: try io.writeOut(DiffReport.text(document, style: io.style))
        case .json: try io.writeOut(JSONReport.encode(document))
        }
        return .success
    }
}
