import TimerLab
import TimerLabHarness

/// What `timerlab check` was asked to do, checked before anything runs.
struct CheckOptions {
    /// The scenarios to check: the named ones, or the whole catalog.
    let scenarios: [Scenario]
    let settings: RunSettings
    let format: CheckFormat
    /// Where the report goes: `nil` for standard output (no `--output`, or `--output -`).
    let outputPath: String?

    init(_ parsed: ParsedArguments, catalog: [Scenario]) throws(UsageError) {
        scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: true, in: catalog, command: .check)
        settings = try RunOptions.settings(from: parsed, command: .check)
        format = CheckFormat(parsed)
        outputPath = parsed.outputPath
    }

    /// The command line of the child that runs `scenario`: `leak <scenario> --format json` and
    /// these settings, written by the same code that parses them.
    func childArguments(for scenario: Scenario) -> [String] {
        ["leak", scenario.name, "--\(LeakFormat.option.spec.name)", LeakFormat.json.rawValue] + RunOptions.arguments(for: settings)
    }
}
