import Dispatch
import Foundation

/// Asks whether libdispatch can run a block on a worker thread, and Swift's executor a task,
/// without risking the caller.
///
/// When libdispatch cannot create a worker thread, `async` itself sleeps and retries forever on
/// the calling thread; Swift's executor takes its threads from libdispatch, so a `Task` a
/// scenario starts would wait the same way. The probe asks both from a thread of its own and
/// gives up on it. The threads it gets stay in their pools for the runs that follow.
package enum DispatchProbe {
    /// How long the check may take: well within any run's hard limit.
    package static let limit: TimeInterval = 2

    /// The reason a run gives when the probe fails.
    package static let refusal =
        "no dispatch worker thread could be had for a block or a task (is the process limit, ulimit -u, too low?)"

    /// Whether a block on a global queue and a detached task both run within `limit`.
    package static func workersRun() -> Bool {
        let ran = DispatchSemaphore(value: 0)
        do {
            try HarnessThread.start {
                DispatchQueue.global().async { ran.signal() }
                Task.detached { ran.signal() }
            }.detach()
        } catch {
            return false
        }
        let deadline = DispatchTime.now() + limit
        return ran.wait(timeout: deadline) == .success && ran.wait(timeout: deadline) == .success
    }
}
