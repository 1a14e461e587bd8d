import TimerLab
import TimerLabHarness

/// What `timerlab explain` was asked to show.
struct ExplainOptions: CommandOptions {
    static let declared = [ExplainFormat.option.spec]

    let scenario: Scenario
    let format: ExplainFormat

    init(_ invocation: Invocation) throws(UsageError) {
        // The parser saw to it that there is exactly one.
        scenario = try ScenarioSelection.scenario(named: invocation.parsed.positionals[0], in: invocation.catalog, command: .explain)
        format = ExplainFormat(invocation.parsed)
    }
}
