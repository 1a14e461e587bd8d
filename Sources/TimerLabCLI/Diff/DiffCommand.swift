import TimerLab
import TimerLabHarness

/// `timerlab diff <a> <b>`: runs both scenarios and shows what they observed beside the lines of
/// their owners' code that differ.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: .diff, abstract: "Run two scenarios and show the lines of code that make the difference.",
        overview: """
            Runs both scenarios, as leak does, and shows what each observed beside the lines of \
            their owners' code that differ, with a little context, the lines that decide an outcome \
            marked. The pairs that explain names (such as strong-target and explicit-invalidate) \
            differ by the line or two that fix the leak.
            """,
        arguments: CommandSpec.Arguments(
            "<scenario> <scenario>", arity: .two, of: .scenarios, help: "Two scenario names, as 'timerlab list' prints them.",
            example: "timerlab diff strong-target explicit-invalidate"),
        options: CommandSpec.runOptions + [DiffFormat.option.spec],
        examples: ["timerlab diff task-guard-let task-weak-each", "timerlab diff block-strong block-weak --format json"])

    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        let scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: false, in: invocation.catalog, command: .diff)
        // Both names are checked before anything runs: a scenario without carried code has nothing to compare.
        if let codeless = scenarios.first(where: { OwnerCode(scenario: $0.name) == nil }) {
            throw UsageError(
                message: "diff compares catalog scenarios, whose code timerlab carries; '\(codeless.name)' has none", command: .diff)
        }
        let settings = try RunOptions.settings(from: parsed, command: .diff)
        let (completed, failures) = InProcessRuns.run(scenarios, settings: settings)
        if let status = InProcessRuns.report(failures, io: io) {
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

extension CommandSpec.Name {
    /// `timerlab diff`.
    static let diff = Self(rawValue: "diff")
}
