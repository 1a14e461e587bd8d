import Foundation
import TimerLab
import TimerLabHarness

/// The `timerlab` command: dispatches to a subcommand and turns every failure into an exit status.
package enum TimerLabCommand {
    /// The version `--version` prints.
    package static let version = "0.3.0"
    /// The date of this version, as the manual page's header gives it.
    static let releaseDate = "2026-11-26"

    /// Runs with the process's arguments and exits with the status.
    ///
    /// `catalog` is the scenarios the binary knows; the test fixtures binary adds its own.
    package static func main(catalog: [Scenario] = Catalog.all) -> Never {
        let io = CommandIO.standard
        POSIX.prepareProcessSignals()
        ChildLink.adopt(io.environment)
        let arguments = processArguments()
        if let index = arguments.firstIndex(where: { $0.text == nil }) {
            // Swift would silently repair the bytes into another name; a path must never change.
            let shown = arguments[index].bytes.map {
                $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true)
            }.joined()
            io.writeError(
                Help.errorText(
                    for: UsageError(
                        message: "argument \(index + 1) ('\(shown)') is not valid UTF-8; timerlab takes UTF-8 arguments only",
                        command: nil)))
            exit(ExitStatus.usage.rawValue)
        }
        exit(run(arguments.compactMap(\.text), io: io, catalog: catalog))
    }

    /// The arguments after the program's name, as the kernel passed them (none if `argc` is 0),
    /// each with its text if it is valid UTF-8.
    ///
    /// Read from the C target's copy, not `CommandLine`: Swift reads `/proc/self/cmdline`, and a
    /// process started where procfs is not mounted would see no arguments at all.
    static func processArguments() -> [(bytes: [UInt8], text: String?)] {
        POSIX.arguments().dropFirst().map { ($0, String(validating: $0, as: UTF8.self)) }
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], io: CommandIO, catalog: [Scenario] = Catalog.all) -> Int32 {
        do {
            return try dispatch(arguments, io: io, catalog: catalog).rawValue
        } catch let error as UsageError {
            io.writeError(Help.errorText(for: error))
            return ExitStatus.usage.rawValue
        } catch let failure as OutputOpenFailure {
            io.fail(failure.message)
            return ExitStatus.ioError.rawValue
        } catch let failure as WriteFailure {
            // A reader that went away (`timerlab list | head -1`) is no error worth a line.
            if !failure.isBrokenPipe {
                io.fail(failure.description)
            }
            return ExitStatus.ioError.rawValue
        } catch {
            io.fail("\(error)")
            return ExitStatus.internalFailure.rawValue
        }
    }

    /// What swift-argument-parser tools call `completion`: their users type it from habit.
    static let argumentParserCompletionFlag = "--generate-completion-script"

    private static func dispatch(_ arguments: [String], io: CommandIO, catalog: [Scenario]) throws -> ExitStatus {
        if let first = arguments.first, first == argumentParserCompletionFlag || first.hasPrefix(argumentParserCompletionFlag + "=") {
            let shell = first.split(separator: "=", maxSplits: 1).dropFirst().map(String.init)
            return try dispatch([CommandSpec.Name.completion.rawValue] + shell + arguments.dropFirst(), io: io, catalog: catalog)
        }
        guard let first = arguments.first, !["-h", "--help", "--version"].contains(first) else {
            try io.writeOut(arguments.first == "--version" ? "timerlab \(version)\n" : Help.topLevel())
            return .success
        }
        let command = try subcommand(named: first)
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
        if parsed.wantsHelp {
            try io.writeOut(Help.text(for: command.spec))
            return .success
        }
        return try command.perform(Invocation(parsed: parsed, io: io, catalog: catalog))
    }

    /// The subcommand `word` names, or a usage error that suggests the closest.
    private static func subcommand(named word: String) throws(UsageError) -> any Subcommand.Type {
        if word.hasPrefix("-"), Subcommands.named(word) == nil {
            throw UsageError(message: "unknown option '\(word)'; options follow a subcommand", command: nil)
        }
        return try Subcommands.named(word, for: nil)
    }
}
