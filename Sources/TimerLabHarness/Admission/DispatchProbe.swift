import Dispatch
import Foundation

/// Asks whether libdispatch can run a block on a worker thread, without risking the caller.
///
/// When libdispatch cannot create a worker thread, `async` itself sleeps and retries forever on
/// the calling thread, so the probe calls it from a thread of its own and gives up on it.
package enum DispatchProbe {
    /// How long the check may take: well within any run's hard limit.
    package static let limit: TimeInterval = 2

    /// The reason a run gives when the probe fails.
    package static let refusal = "no dispatch worker thread could be had (is the process limit, ulimit -u, too low?)"

    /// Whether a block on a global queue runs within `limit`.
    package static func workersRun() -> Bool {
        let ran = DispatchSemaphore(value: 0)
        do {
            try HarnessThread.start { DispatchQueue.global().async { ran.signal() } }.detach()
        } catch {
            return false
        }
        return ran.wait(timeout: .now() + limit) == .success
    }
}
