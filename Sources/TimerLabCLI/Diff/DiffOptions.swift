import TimerLab
import TimerLabHarness

/// What `timerlab diff` was asked to compare, checked before anything runs.
struct DiffOptions: CommandOptions {
    static let declared = CommandSpec.runOptions + [DiffFormat.option.spec]

    /// The two scenarios, in the order given.
    let scenarios: [Scenario]
    /// Their owners' code, as timerlab carries it, in the same order.
    let code: [OwnerCode]
    let settings: RunSettings
    let format: DiffFormat

    init(_ invocation: Invocation) throws(UsageError) {
        let parsed = invocation.parsed
        scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: false, in: invocation.catalog, command: .diff)
        // Both names are checked before anything runs: a scenario without carried code has nothing to compare.
        var code: [OwnerCode] = []
        for scenario in scenarios {
            guard let carried = OwnerCode(scenario: scenario.name) else {
                throw UsageError(
                    message: "diff compares catalog scenarios, whose code timerlab carries; '\(scenario.name)' has none", command: .diff)
            }
            code.append(carried)
        }
        self.code = code
        settings = try RunOptions.settings(from: parsed, command: .diff)
        format = DiffFormat(parsed)
    }
}
