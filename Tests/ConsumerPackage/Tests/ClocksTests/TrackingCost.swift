import Clocks
import Foundation
import Testing
import TimerLabTesting

/// A measurement, not a test: fifty tests that make and start an object, tracked and not.
/// scripts/lifetime-bench.sh runs each suite with CLOCKS_BENCH set and compares the times Swift
/// Testing reports for them; in a plain `swift test` they are skipped.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CLOCKS_BENCH"] != nil))
struct TrackingCost {
    @Suite(.leakChecked) struct Tracked {
        @Test(arguments: 0..<50) func pollerPolls(_ index: Int) async throws {
            let poller = track(CarefulPoller())
            poller.start()
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Suite struct Untracked {
        @Test(arguments: 0..<50) func pollerPolls(_ index: Int) async throws {
            let poller = CarefulPoller()
            poller.start()
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
