import TimerLab
import TimerLabHarness

/// The shells `timerlab completion` writes scripts for; each reads the same command table.
enum Shell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script for this shell.
    func script(catalog: [Scenario]) -> String {
        let commands = CompletionCommands(catalog: catalog)
        switch self {
        case .bash: return BashCompletion.script(commands)
        case .zsh: return ZshCompletion.script(commands)
        case .fish: return FishCompletion.script(commands)
        }
    }
}

/// The command table as completion sees it: subcommands, their options, what their arguments are.
struct CompletionCommands {
    /// Every subcommand, in the order of the table.
    let specs = Subcommands.specs
    /// Scenario names, from the catalog the binary carries.
    let scenarios: [String]

    init(catalog: [Scenario]) {
        scenarios = catalog.map(\.name)
    }

    /// The words a command's positional arguments complete to (empty: nothing to offer).
    func candidates(for positional: CommandSpec.Positional) -> [String] {
        switch positional {
        case .none: return []
        case .scenarios: return scenarios
        case .subcommands: return Subcommands.names
        case .shells: return Shell.allCases.map(\.rawValue)
        case .measurements: return BenchKind.allCases.map(\.rawValue)
        }
    }

    /// The top-level options.
    static let topLevelOptions = ["--help", "--version"]
}
