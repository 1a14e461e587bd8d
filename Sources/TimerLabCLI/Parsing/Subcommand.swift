import TimerLabHarness

/// One subcommand: its declaration (name, abstract, arguments with their arity, options,
/// examples) and what it does. Adding one is its own file and a line in `Subcommands.all`.
protocol Subcommand: Sendable {
    /// What it is and what it takes.
    static var spec: CommandSpec { get }
    /// Runs it; returns the exit status, or throws a usage error or a failed write.
    static func run(_ invocation: Invocation) throws -> ExitStatus
}

/// The one list of subcommands, in the order help shows them.
enum Subcommands {
    static let all: [any Subcommand.Type] = [
        LeakCommand.self, ListCommand.self, CheckCommand.self, ExplainCommand.self, DiffCommand.self,
        BenchCommand.self, CompletionCommand.self, HelpCommand.self,
    ]

    /// Every subcommand's declaration.
    static var specs: [CommandSpec] { all.map { $0.spec } }

    /// Every subcommand's name.
    static var names: [String] { all.map { $0.spec.name.rawValue } }

    /// The subcommand called `name`.
    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.spec.name.rawValue == name }
    }
}
