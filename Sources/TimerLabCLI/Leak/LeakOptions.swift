import TimerLab
import TimerLabHarness

/// What `timerlab leak` was asked to do, checked before anything runs.
struct LeakOptions: CommandOptions {
    static let declared =
        [Options.all.spec] + CommandSpec.runOptions + [
            LeakFormat.option.spec, Options.expect.spec, Options.explain.spec, Options.output.spec,
        ]

    /// The scenarios to run, in the order given, each once.
    let scenarios: [Scenario]
    let settings: RunSettings
    let format: LeakFormat
    /// Exit 1 unless every owner ended this way.
    let expectedFate: OwnerFate?
    /// Append each scenario's explanation (text only).
    let explains: Bool
    /// Where the report goes: `nil` for standard output (no `--output`, or `--output -`).
    let outputPath: String?

    init(_ invocation: Invocation) throws(UsageError) {
        let parsed = invocation.parsed
        scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: parsed.has(Options.all), allowEmpty: false, in: invocation.catalog,
            command: .leak)
        settings = try RunOptions.settings(from: parsed, command: .leak)
        format = LeakFormat(parsed)
        expectedFate = parsed.value(Options.expect).flatMap(OwnerFate.init(rawValue:))
        explains = parsed.has(Options.explain)
        outputPath = parsed.outputPath
        if explains, format != .text {
            throw UsageError(
                message: "--explain works with the text format only, not --format \(format.rawValue)", command: .leak)
        }
    }
}
