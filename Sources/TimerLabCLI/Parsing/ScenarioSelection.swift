import TimerLab
import TimerLabHarness

/// Turns scenario names on the command line into scenarios, suggesting the closest name for a typo.
enum ScenarioSelection {
    /// The named scenarios in the order given; or all of them when `all` is set. A name given
    /// twice is refused: each run's result stands for one scenario, and one of them would be dropped.
    static func scenarios(
        named names: [String], all: Bool, allowEmpty: Bool, in catalog: [Scenario], command: CommandSpec.Name
    ) throws(UsageError) -> [Scenario] {
        if all, !names.isEmpty {
            throw UsageError(message: "give scenario names or --all, not both", command: command)
        }
        if all || (names.isEmpty && allowEmpty) {
            return catalog
        }
        guard !names.isEmpty else {
            throw UsageError(
                message: "missing scenario; name one (see 'timerlab list') or use --all", command: command)
        }
        var chosen: [Scenario] = []
        for name in names {
            guard !chosen.contains(where: { $0.name == name }) else {
                throw UsageError(message: "scenario '\(name)' is named twice; each is run once", command: command)
            }
            chosen.append(try scenario(named: name, in: catalog, command: command))
        }
        return chosen
    }

    /// The scenario called `name`, or a usage error that suggests the closest one.
    static func scenario(named name: String, in catalog: [Scenario], command: CommandSpec.Name) throws(UsageError)
        -> Scenario
    {
        if let scenario = catalog.first(where: { $0.name == name }) {
            return scenario
        }
        let hint = Suggestion.hint(for: name, in: catalog.map(\.name), otherwise: "; see 'timerlab list'")
        throw UsageError(message: "unknown scenario '\(name)'\(hint)", command: command)
    }
}
