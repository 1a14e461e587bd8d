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

    /// How long no run of the process may give a heartbeat while the system refuses threads
    /// before this run is taken as parked in libdispatch: a working run beats every 20 ms at most,
    /// and this is the control limit, which a loaded machine is given everywhere else.
    static let stallLimit = RunSettings.controlLimit

    /// Waits until the run finishes or its hard limit, counted from its start, passes.
    ///
    /// A run that hangs while the system refuses threads is most likely parked in libdispatch,
    /// which retries a refused worker thread forever: that is reported as the shortage it is, as
    /// soon as no run has beaten for `stallLimit` with threads refused, not only at the hard limit.
    func wait() throws(HarnessError) -> RunEvidence {
        var (beats, quietSince) = (Heartbeat.count, ContinuousClock.now)
        while true {
            // A semaphore waits on Dispatch's clock: it is given the monotonic time left.
            let left = max(0, ContinuousClock.now.duration(to: deadline).seconds)
            if finished.wait(timeout: .now() + min(left, 1)) == .success, let outcome = result.withLock({ $0 }) {
                // Joined, the thread's run loop is gone with its descriptors before the next batch starts.
                thread?.join()
                return try outcome.get()
            }
            if Heartbeat.count != beats {
                (beats, quietSince) = (Heartbeat.count, ContinuousClock.now)
            }
            let quiet = quietSince.duration(to: .now).seconds
            if left <= 1 || quiet >= Self.stallLimit, let failure = failure(quietFor: quiet, finalLook: left <= 1) {
                thread?.detach()
                throw failure
            }
        }
    }

    /// Why the run is given up: the system refuses threads (after `quiet` seconds with no
    /// beat), or, at the hard limit, a plain time-out; `nil` to wait on.
    private func failure(quietFor quiet: Double, finalLook: Bool) -> HarnessError? {
        if let refused = HarnessThread.refusalNow() {
            let waited =
                finalLook
                ? "did not finish within \(String(format: "%.1f", limit)) s" : "made no progress for \(String(format: "%.1f", quiet)) s"
            return .couldNotStart(
                subject: subject,
                reason: "it \(waited), and the system refuses new threads (\(refused.reason)): libdispatch waits for one forever")
        }
        return finalLook ? .timedOut(subject: subject, seconds: limit) : nil
    }
}
