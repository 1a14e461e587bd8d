import Foundation
import Testing
import TimerLabTesting

/// Says goodbye on a thread of its own, which keeps it 300 ms after it leaves: a late release.
final class Farewell: @unchecked Sendable {
    private(set) var said = false
    func leave() {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            self.said = true
        }
    }
}

/// Checks a `Farewell` while every thread of Swift's executor is held for a second after its
/// release, as other tests hold them on a busy machine: the wait for the executor's control
/// outlasts the late release. Returns whether it was judged freed late.
func checkFarewellOnABusyExecutor() async throws -> Bool {
    let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(5))) {
        Farewell()
    } start: { _ in
    } beforeRelease: { farewell in
        farewell.leave()
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            Task.detached { holdThisThread(for: 1) }
        }
    }
    return report.freed && report.freedLate != nil
}

/// Holds the calling thread, as a test that blocks an executor thread does.
func holdThisThread(for seconds: TimeInterval) {
    Thread.sleep(forTimeInterval: seconds)
}

/// The fate is the grace period's, however long the check then waits for its controls.
@Suite struct BusyMachineTests {
    @Test func aReleaseWhileTheControlsAreAwaitedIsLate() async {
        // In a child process: holding every executor thread would stall this process's other tests.
        await #expect(processExitsWith: .success) {
            guard try await checkFarewellOnABusyExecutor() else { exit(1) }
        }
    }
}
