import Testing
import TimerLabHarness

@testable import TimerLabCLI

/// How runs that could not complete are said: one line each, but one line for every run the
/// system refused, and the status a hang or a shortage ends the command with.
@Suite struct InProcessRunsTests {
    @Test func everyRefusedRunSharesOneLineAndOtherFailuresKeepTheirOwn() {
        let failures: [HarnessError] = [
            .couldNotStart(subject: "gcd", reason: "no thread: EAGAIN"),
            .timedOut(subject: "task-strong", seconds: 5),
            .couldNotStart(subject: "proxy", reason: "no thread: EAGAIN"),
        ]
        let lines = InProcessRuns.lines(for: failures)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last?.hasPrefix("2 scenarios could not be run (gcd, proxy)") == true, "\(lines)")
    }

    @Test func onlyHangsEndTheCommandWithTheTimeOutStatus() {
        let io = CapturedIO()
        #expect(InProcessRuns.report([.timedOut(subject: "a", seconds: 1)], io: io.io) == .timedOut)
        #expect(InProcessRuns.report([], io: io.io) == nil)
        #expect(io.standardError.contains("a"))
    }
}
