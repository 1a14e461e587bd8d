import Foundation
import Synchronization
import TimerLabHarness

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

/// At most two commands of this test target run at once: each may run many scenarios, and the
/// test process's executor (as many threads as cores) is shared with every other test's runs.
/// Waited for on the command's own thread, never on the executor.
private let commandSlots = DispatchSemaphore(value: 2)

/// Runs the command line on a thread of its own (scenario runs block their caller) and captures it.
func runCommand(_ arguments: [String], isTerminal: Bool = false, environment: [String: String] = [:]) async
    -> (status: Int32, out: String, err: String)
{
    await withCheckedContinuation { continuation in
        Thread {
            commandSlots.wait()
            defer { commandSlots.signal() }
            let captured = CapturedIO(isTerminal: isTerminal, environment: environment)
            let status = TimerLabCommand.run(arguments, io: captured.io)
            continuation.resume(returning: (status, captured.standardOutput, captured.standardError))
        }.start()
    }
}
