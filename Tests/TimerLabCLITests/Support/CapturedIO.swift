import Foundation
import Synchronization
@testable import TimerLabCLI

/// A `CommandIO` that keeps what a command writes, for assertions.
final class CapturedIO: Sendable {
    private let out = Mutex("")
    private let error = Mutex("")
    let environment: [String: String]
    let isTerminal: Bool

    init(isTerminal: Bool = false, environment: [String: String] = [:]) {
        self.isTerminal = isTerminal
        self.environment = environment
    }

    var io: CommandIO {
        CommandIO(
            writeOut: { text in self.out.withLock { $0 += text } },
            writeError: { text in self.error.withLock { $0 += text } },
            outputIsTerminal: isTerminal, environment: environment, executablePath: "/nonexistent/timerlab")
    }

    var standardOutput: String { out.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }
}

/// Runs the command line on a thread of its own (scenario runs block their caller) and captures it.
func runCommand(_ arguments: [String], isTerminal: Bool = false, environment: [String: String] = [:]) async
    -> (status: Int32, out: String, err: String)
{
    await withCheckedContinuation { continuation in
        Thread {
            let captured = CapturedIO(isTerminal: isTerminal, environment: environment)
            let status = TimerLabCommand.run(arguments, io: captured.io)
            continuation.resume(returning: (status, captured.standardOutput, captured.standardError))
        }.start()
    }
}
