import Clocks
import Foundation
import Testing
import TimerLabTesting

/// A measurement, not a test: fifty tests that make and start an object, tracked and not; ten
/// tests that each track ten objects, and the same untracked.
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

    /// Ten tests, one after another, that each make, track and start ten boards, each board with
    /// a feed of its own: what tracking ten objects costs a test (each `track` reads the board's
    /// tree, issue 67, and the test's end checks ten objects) against the same ten untracked.
    @Suite(.leakChecked, .serialized) struct TenTracked {
        @Test(arguments: 0..<10) func boardsAppear(_ index: Int) {
            for _ in 0..<10 { track(StatusBoard(stopsFeed: true)).appear() }
        }
    }

    @Suite(.serialized) struct TenUntracked {
        @Test(arguments: 0..<10) func boardsAppear(_ index: Int) {
            for _ in 0..<10 { StatusBoard(stopsFeed: true).appear() }
        }
    }
}
