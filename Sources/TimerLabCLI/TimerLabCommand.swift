import Foundation
import TimerLab

/// The `timerlab` command: dispatches to a subcommand and turns every failure into an exit status.
public enum TimerLabCommand {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Runs with the process's arguments and exits with the status.
    ///
    /// `catalog` is the scenarios the binary knows; the test fixtures binary adds its own.
    public static func main(catalog: [Scenario] = Catalog.all) -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst()), io: .standard, catalog: catalog))
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO, catalog: [Scenario] = Catalog.all) -> Int32 {
        do {
            return try dispatch(arguments, io: io, catalog: catalog).rawValue
        } catch {
            io.writeError(Help.errorText(for: error))
            return ExitStatus.usage.rawValue
        }
    }

    private static func dispatch(_ arguments: [String], io: CommandIO, catalog: [Scenario]) throws(UsageError)
        -> ExitStatus
    {
        guard let first = arguments.first else {
            io.writeOut(Help.topLevel())
            return .success
        }
        switch first {
        case "-h", "--help":
            io.writeOut(Help.topLevel())
            return .success
        case "--version":
            io.writeOut("timerlab \(version)\n")
            return .success
        default:
            break
        }
        guard let name = CommandSpec.Name(rawValue: first) else {
            let names = CommandSpec.Name.allCases.map(\.rawValue)
            if first.hasPrefix("-") {
                throw UsageError(message: "unknown option '\(first)'; options follow a subcommand", command: nil)
            }
            let hint = Suggestion.closest(to: first, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown subcommand '\(first)'\(hint)", command: nil)
        }
        let spec = CommandSpec.spec(name)
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: spec)
        if parsed.wantsHelp {
            io.writeOut(Help.text(for: spec))
            return .success
        }
        let invocation = Invocation(parsed: parsed, io: io, catalog: catalog)
        switch name {
        case .leak: return try LeakCommand.run(invocation)
        case .list: return try ListCommand.run(invocation)
        case .check: return try CheckCommand.run(invocation)
        case .explain: return try ExplainCommand.run(invocation)
        case .help: return try HelpCommand.run(invocation)
        }
    }
}
