import TimerLab
import TimerLabHarness

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
        let (completed, failures) = LeakCommand.runAll(scenarios, settings: .defaults)
        if let status = LeakCommand.report(failures, io: io) {
            return status
        }
        guard let document = DiffReport.document(completed[0].observation, completed[1].observation) else {
            throw UsageError(message: "diff compares catalog scenarios, whose code timerlab carries", command: .diff)
        }
        switch DiffFormat(parsed) {
        case .text: try io.writeOut(DiffReport.text(document, style: io.style))
        case .json: try io.writeOut(JSONReport.encode(document))
        }
        return .success
    }
}
