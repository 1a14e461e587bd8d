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
        options: DiffOptions.declared,
        examples: ["timerlab diff task-guard-let task-weak-each", "timerlab diff block-strong block-weak --format json"])

    static func run(_ options: DiffOptions, _ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        let (completed, failures) = InProcessRuns.run(options.scenarios, settings: options.settings)
        if let status = InProcessRuns.report(failures, io: io) {
            return status
        }
        let document = DiffReport.document(completed[0].observation, options.code[0], completed[1].observation, options.code[1])
        switch options.format {
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
