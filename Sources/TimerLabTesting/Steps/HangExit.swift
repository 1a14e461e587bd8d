import Foundation
import TimerLabHarness

/// Ends a test process whose check cannot return: the user's code that hangs holds the actor
/// the check was called on. Documented in the DocC article "Hangs and crashes".
enum HangExit {
    /// The exit status: 124, as `timeout(1)` exits when its command timed out.
    static let status: Int32 = 124
    /// How long, after the time limit, the caller's actor has to give the watchdog a turn (or the
    /// check to pick up the hang) before the process ends: as long as the limit again, at least
    /// 1 s and at most 10 s. An actor busy with other tests' work answers well within it; one
    /// held by the hanging step never does.
    static func patience(after limit: Duration) -> Duration {
        min(max(limit, .seconds(1)), .seconds(10))
    }

    static func end(typeName: String, step: Step, limit: Duration) -> Never {
        let line =
            "error: \(typeName): \(step.rawValue) did not return within \(limit), and it holds the actor the check was called on, "
            + "so nothing in this process can end it; ending the test process (status \(status)). To fail one test instead, "
            + "run the check in an exit test: #expect(processExitsWith: .success) { try await requireFreed { … } }\n"
        FileHandle.standardError.write(Data(line.utf8))
        SystemSeam.endProcess(status: status)
    }
}
