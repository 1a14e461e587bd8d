import TimerLabHarness

/// One subcommand: its declaration (name, abstract, arguments with their arity, options,
/// examples) and what it does. Adding one is its own file, its options' file, and a line in
/// `Subcommands.all`.
protocol Subcommand: Sendable {
    /// The one type that declares the options it takes (its spec lists `OptionsType.declared`)
    /// and reads them, with its arguments, before anything runs.
    associatedtype OptionsType: CommandOptions
    /// What it is and what it takes.
    static var spec: CommandSpec { get }
    /// Runs it with what it was asked; returns the exit status, or throws a usage error or a failed write.
    static func run(_ options: OptionsType, _ invocation: Invocation) throws -> ExitStatus
}

extension Subcommand {
    /// Reads its options from `invocation`, then runs it.
    static func perform(_ invocation: Invocation) throws -> ExitStatus {
        try run(OptionsType(invocation), invocation)
    }

    /// Reads its options from `invocation` and nothing more: what a test checks the reading by.
    static func readOptions(_ invocation: Invocation) throws {
        _ = try OptionsType(invocation)
    }
}

/// What a subcommand was asked to do, read and checked before anything runs.
protocol CommandOptions {
    /// Every option it reads, in the order help lists them: its command's spec takes this list.
    static var declared: [OptionSpec] { get }
    /// Reads the arguments; throws a usage error for a wrong one.
    init(_ invocation: Invocation) throws(UsageError)
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

    /// The subcommand called `name`, or a usage error (of `command`, `nil` for timerlab's own)
    /// that suggests the closest.
    static func named(_ name: String, for command: CommandSpec.Name?) throws(UsageError) -> any Subcommand.Type {
        guard let found = named(name) else {
            throw UsageError(
                message: "unknown subcommand '\(name)'\(Suggestion.hint(for: name, in: names, otherwise: ""))", command: command)
        }
        return found
    }
}
