import TimerLab
import TimerLabHarness

/// A subcommand as data: what it is for, what it takes. Parsing, help, the manual page,
/// completion and dispatch all read it, from `Subcommands.all`.
struct CommandSpec {
    /// A subcommand's name; each command declares its own (`CommandSpec.Name.leak`) in its file.
    struct Name: RawRepresentable, Hashable, Sendable {
        let rawValue: String
    }

    /// What a command's positional arguments are, for completion.
    enum Positional {
        case none, scenarios, subcommands, shells, measurements

        /// One of them, as an error message names it: `scenario`.
        var noun: String {
            switch self {
            case .none: return "argument"
            case .scenarios: return "scenario"
            case .subcommands: return "subcommand"
            case .shells: return "shell"
            case .measurements: return "measurement"
            }
        }
    }

    /// How many positional arguments a command takes.
    enum Arity {
        /// Exactly one.
        case one
        /// Exactly two.
        case two
        /// None or one.
        case optionalOne
        /// One or more (the command may accept none with a flag, as `leak --all`).
        case many
        /// Any number, none included.
        case optionalMany

        /// The fewest the parser requires: a command that takes one or more (`many`) may accept
        /// none with a flag, as `leak --all`, so it checks that itself.
        var least: Int {
            switch self {
            case .one: return 1
            case .two: return 2
            case .optionalOne, .many, .optionalMany: return 0
            }
        }

        /// The most it takes; `nil` for no limit.
        var most: Int? {
            switch self {
            case .one, .optionalOne: return 1
            case .two: return 2
            case .many, .optionalMany: return nil
            }
        }
    }

    /// A command's positional arguments: how the usage line shows them, how many, what they are.
    struct Arguments {
        /// As the usage line shows them, such as `<scenario>...`.
        let usage: String
        /// How many it takes.
        let arity: Arity
        /// What they are, for completion.
        let kind: Positional
        /// Help for them.
        let help: String
        /// A whole command line that gives them, for the message when too few or too many are given.
        let example: String?

        init(_ usage: String, arity: Arity, of kind: Positional, help: String, example: String? = nil) {
            (self.usage, self.arity, self.kind, self.help, self.example) = (usage, arity, kind, help, example)
        }
    }

    let name: Name
    /// One line for the subcommand list.
    let abstract: String
    /// A paragraph for the OVERVIEW of its help.
    let overview: String
    /// Its positional arguments, if it takes any.
    let arguments: Arguments?
    /// The options it accepts.
    let options: [OptionSpec]
    /// Command lines that show it in use: its help and the manual page print these.
    var examples: [String] = []

    /// The option called `name`, if the command accepts it.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// How many positional arguments it takes at most (`<scenario> <scenario>`: 2); `nil` for any number.
    var maxPositionals: Int? {
        guard let arguments else { return 0 }
        return arguments.arity.most
    }

    /// What its positional arguments are, for completion.
    var positional: Positional { arguments?.kind ?? .none }

    /// Refuses `positionals` when their number is not what the command takes, in the words of
    /// `UsageError.arity`: the parser checks every command's arity here, so none rechecks it.
    func checkArity(of positionals: [String]) throws(UsageError) {
        let least = arguments?.arity.least ?? 0
        if positionals.count < least || maxPositionals.map({ positionals.count > $0 }) == true {
            throw UsageError.arity(of: self, given: positionals)
        }
    }

    /// `timerlab leak <scenario>... [--all] ...`.
    var usage: String { usageItems.joined(separator: " ") }

    /// The usage line's items, each whole: `timerlab`, `leak`, `<scenario>...`, `[--all]`, ...
    var usageItems: [String] {
        ["timerlab", name.rawValue] + (arguments.map { [$0.usage] } ?? []) + options.map { "[\($0.usage)]" }
    }

    /// The options of every command that runs scenarios.
    static let runOptions: [OptionSpec] = [Options.ticks.spec, Options.interval.spec, Options.grace.spec]
}
