import Foundation
import TimerLab
import TimerLabHarness

/// Where a command writes and what it knows of its surroundings; tests pass a capturing one.
package struct CommandIO: Sendable {
    /// Writes to standard output; throws `WriteFailure` when it cannot.
    package var writeOut: @Sendable (String) throws -> Void
    /// Writes to standard error, best effort: there is nowhere left to report its own failure.
    package var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (for colour).
    package var outputIsTerminal: Bool
    /// Whether standard error is a terminal (for progress).
    package var errorIsTerminal: Bool = false
    /// The environment (for `NO_COLOR`).
    package var environment: [String: String]
    /// The path of the `timerlab` executable, for commands that run scenarios in child processes.
    package var executablePath: String

    /// Creates an IO.
    package init(
        writeOut: @escaping @Sendable (String) throws -> Void, writeError: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool, errorIsTerminal: Bool = false, environment: [String: String], executablePath: String
    ) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
        self.executablePath = executablePath
    }

    /// The process's own standard output and error.
    package static var standard: CommandIO {
        StandardStreams.secure()
        return CommandIO(
            writeOut: { try StandardStreams.writeOutput($0) },
            writeError: { StandardStreams.writeError($0) },
            outputIsTerminal: POSIX.isTerminal(STDOUT_FILENO), errorIsTerminal: POSIX.isTerminal(STDERR_FILENO),
            environment: ProcessInfo.processInfo.environment,
            executablePath: Self.currentExecutablePath())
    }

    private static func currentExecutablePath() -> String {
        #if os(Linux)
        // /proc/self/exe names the binary even when it was started through a relative path or $PATH.
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        // Without procfs: the name it was started by, found on $PATH as a shell would (check's
        // children are started by path, and the working directory never changes before they are).
        guard let first = POSIX.arguments().first else { return "timerlab" }
        let name = String(decoding: first, as: UTF8.self)
        guard !name.contains("/") else { return name }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
    }

    /// The columns of the terminal on standard output, or 80 when they cannot be read.
    static func terminalColumns() -> Int {
        POSIX.terminalColumns(STDOUT_FILENO) ?? 80
    }

    /// Colour only on a terminal that can show it (not `TERM=dumb`), and never when `NO_COLOR`
    /// is present and not empty (no-color.org).
    var style: TextStyle {
        TextStyle(
            colored: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb",
            width: outputIsTerminal ? Self.terminalColumns() : 100)
    }

    /// One `error: ...` line on standard error, with control characters shown escaped.
    func fail(_ message: String) {
        writeError("error: " + TerminalText.escaped(message) + "\n")
    }
}
