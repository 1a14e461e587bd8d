import Foundation
import TimerLabHarness

/// Ends a test process whose check cannot return: the user's code that hangs holds the actor
/// the check was called on. Documented in the DocC article "Hangs and crashes".
enum HangExit {
    /// The exit status: 124, as `timeout(1)` exits when its command timed out.
    static let status: Int32 = 124
    /// How long, after the time limit, the caller's actor has to give the watchdog a turn (or the
    /// check to pick up the hang) before the process ends: 10 s, or `TIMERLAB_HANG_ALLOWANCE`
    /// seconds (0.1 to 600). An actor busy with other tests' work answers within it unless that
    /// work holds it longer; one held by the hanging step never answers. It does not follow the
    /// time limit: a short limit is no reason to think a busy actor held. (Not *patience*, the
    /// user's wait for a late release.)
    static var allowance: Duration { allowance(in: ProcessInfo.processInfo.environment) }

    /// The allowance `environment` sets.
    static func allowance(in environment: [String: String]) -> Duration {
        // `TIMERLAB_HANG_PATIENCE`, its name until 0.2, is deprecated and still read.
        let given = (environment["TIMERLAB_HANG_ALLOWANCE"] ?? environment["TIMERLAB_HANG_PATIENCE"]).flatMap(Double.init)
        guard let given, given >= 0.1, given <= 600 else { return .seconds(10) }
        return .seconds(given)
    }

    /// Writes why to standard error, naming the test the check ran in where it is known
    /// (`test`), and ends the process.
    static func end(typeName: String, what: String, limit: Duration, test: String? = nil) -> Never {
        let within = test.map { " (in test \($0))" } ?? ""
        let line =
            "error: \(typeName)\(within): \(what) did not return within \(limit), and it holds the actor the check was called on, "
            + "so nothing in this process can end it; ending the test process (status \(status)). To fail one test instead, "
            + "run the check in an exit test: #expect(processExitsWith: .success) { try await requireFreed { … } }\n"
        FileHandle.standardError.write(Data(line.utf8))
        SystemSeam.endProcess(status: status)
    }
}
