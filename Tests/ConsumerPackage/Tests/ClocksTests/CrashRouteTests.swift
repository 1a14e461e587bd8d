import Clocks
import Testing
import TimerLabTesting

/// A type whose start traps, as a missing resource does in an app.
final class CrashingClock {
    func start() { fatalError("no clock hardware") }
}

/// The crash route: a check whose start might trap runs in an exit test, a child process, so a
/// trap fails that one test and the suite goes on (this suite's next test runs, and passes).
@Suite(.serialized, .timeLimit(.minutes(2))) struct CrashRouteTests {
    @Test func aTrappingStartFailsOnlyItsOwnTest() async {
        // A user writes `.success` (below), which fails the test on a trap; this test of the
        // route expects the failure, and that the child said why.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await requireFreed {
                CrashingClock()
            } start: {
                $0.start()
            }
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains("no clock hardware") == true)
    }

    // docs: crash-route
    @Test func theCarefulPollerIsCheckedInAChildProcess() async {
        await #expect(processExitsWith: .success) {
            try await requireFreed {
                CarefulPoller()
            } start: {
                $0.start()
            }
        }
    }
    // docs: end
}
