import CTestSupport
import Foundation
import Testing
import TimerLabHarness

/// The test process runs scenarios as the tool does.
@Suite struct TestProcessTests {
    /// Swift Testing would capture a backtrace per thrown error, and a cancelled spinning loop
    /// throws thousands of times; `CTestSupport` turns that off before the run starts.
    @Test func thrownErrorsCostNoBacktrace() {
        let chosen = ProcessInfo.processInfo.environment["SWT_SWIFT_ERROR_BACKTRACING_ENABLED"]
        #expect(chosen == "0", "set to \(chosen ?? "nothing") outside the tests, which is kept")
        #expect(timerlab_tests_throw_backtraces_off() == 1)
    }
}
