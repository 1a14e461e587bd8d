import Dispatch
import Foundation
import Synchronization

/// A run under way on its own thread: its result, once there, and the hard limit to wait for it.
final class PendingRun: Sendable {
    private let subject: String
    private let deadline: ContinuousClock.Instant
    private let limit: TimeInterval
    private let result = Mutex<Result<RunEvidence, HarnessError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(subject: String, limit: TimeInterval) {
        self.subject = subject
        self.limit = limit
        self.deadline = Deadline.after(limit)
    }

    func finish(with outcome: Result<RunEvidence, HarnessError>) {
        result.withLock { $0 = outcome }
        finished.signal()
    }

    /// The run's thread, if it started: joined once it has finished, left to itself if it hangs.
    /// Written once by the starting thread before `wait()` reads it, on that same thread.
    nonisolated(unsafe) var thread: HarnessThread.Handle?

    /// Waits until the run finishes or its hard limit, counted from its start, passes.
    ///
    /// A run that hangs while the system refuses threads is most likely parked in libdispatch,
    /// which retries a refused worker thread forever: that is reported as the shortage it is.
    func wait() throws(HarnessError) -> RunEvidence {
        // A semaphore waits on Dispatch's clock: it is given the monotonic time left.
        let left = max(0, ContinuousClock.now.duration(to: deadline).seconds)
        guard finished.wait(timeout: .now() + left) == .success, let outcome = result.withLock({ $0 }) else {
            thread?.detach()
            if let refused = HarnessThread.refusalNow() {
                throw .couldNotStart(
                    subject: subject,
                    reason:
                        "it did not finish within \(String(format: "%.1f", limit)) s, and the system refuses new threads (\(refused.reason)): libdispatch waits for one forever"
                )
            }
            throw .timedOut(subject: subject, seconds: limit)
        }
        // Joined, the thread's run loop is gone with its descriptors before the next batch starts.
        thread?.join()
        return try outcome.get()
    }
}
