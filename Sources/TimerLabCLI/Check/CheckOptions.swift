import TimerLab
import TimerLabHarness

/// What `timerlab check` was asked to do, checked before anything runs.
struct CheckOptions: CommandOptions {
    static let declared = CommandSpec.runOptions + [CheckFormat.option.spec, Options.output.spec]

    /// The scenarios to check: the named ones, or the whole catalog.
    let scenarios: [Scenario]
    let settings: RunSettings
    let format: CheckFormat
    /// Where the report goes: `nil` for standard output (no `--output`, or `--output -`).
    let outputPath: String?

    init(_ invocation: Invocation) throws(UsageError) {
        let parsed = invocation.parsed
        scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: true, in: invocation.catalog, command: .check)
        settings = try RunOptions.settings(from: parsed, command: .check)
        format = CheckFormat(parsed)
        outputPath = parsed.outputPath
    }

    /// The command line of the child that runs `scenario`: `leak <scenario> --format json` and
    /// these settings, written by the same code that parses them.
    func childArguments(for scenario: Scenario) -> [String] {
        [LeakCommand.spec.name.rawValue, scenario.name, "--\(LeakFormat.option.spec.name)", LeakFormat.json.rawValue]
            + RunOptions.arguments(for: settings)
    }
}
