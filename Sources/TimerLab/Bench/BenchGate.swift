import Foundation
import Synchronization
import TimerLabHarness

/// Admits bench points one at a time under the rules `leak` follows: a point runs only when the
/// descriptors its run loops need can be had and a dispatch worker runs, on a thread of its own,
/// waited for with a bound.
///
/// The first refusal ends the bench: libdispatch retries for ever on a thread that cannot get a
/// worker, so a point measured after one might hang with it. Every later point is refused with the
/// same reason, and `timerlab bench` reports what it measured, then the failure.
final class BenchGate: Sendable {
    private let failure = Mutex<BenchFailure?>(nil)

    /// The first refusal or overrun, if any.
    var firstFailure: BenchFailure? { failure.withLock { $0 } }

    /// Address space a point asks for beside its objects: its thread, run loop and measuring.
    static let pointBase = 4 * 1024 * 1024
    /// Address space a point asks for per object it builds: about twice the largest heap cost
    /// per owner bench measures (a task loop's ~2.2 KB).
    static let perObject = 2 * 1024

    /// Runs `body` on a fresh thread if a point with `runLoops` run loops and `objects` owners
    /// or timers can run now, waiting at most `limit` seconds; `nil` (and the failure recorded)
    /// if it could not run or did not return.
    func measure<T: Sendable>(runLoops: Int, objects: Int, limit: Double, _ body: @escaping @Sendable () -> T) -> T? {
        guard firstFailure == nil else { return nil }
        let bytes = Self.pointBase + objects * Self.perObject
        if let reason = Admission.refusal(runLoops: runLoops, bytes: bytes, who: "the next point needs") {
            record(BenchFailure(kind: .resourceShortage, reason: reason))
            return nil
        }
        switch onFreshThread(limit: limit, body) {
        case .returned(let value):
            return value
        case .refused(let reason):
            record(BenchFailure(kind: .resourceShortage, reason: "no thread could be started: \(reason)"))
        case .overran:
            record(Self.overrun(limit: limit))
        }
        return nil
    }

    /// The series' cut after a refusal at size `k`: what was refused, in its own words.
    func cut(at k: Int) -> String {
        "not measured from K = \(k): \(firstFailure?.reason ?? "refused")"
    }

    private func record(_ new: BenchFailure) {
        failure.withLock { $0 = $0 ?? new }
    }

    /// A point that did not return: a shortage if a thread is refused now, else a time-out.
    private static func overrun(limit: Double) -> BenchFailure {
        let seconds = String(format: "%.0f", limit)
        if let refusal = HarnessThread.refusalNow() {
            return BenchFailure(
                kind: .resourceShortage,
                reason:
                    """
                    a measurement did not finish within \(seconds) s and no thread can be started (\(refusal.reason)): is the process \
                    limit, ulimit -u, too low?
                    """
            )
        }
        return BenchFailure(kind: .timedOut, reason: "a measurement did not finish within \(seconds) s")
    }
}

/// Why `timerlab bench` stopped before measuring everything.
package struct BenchFailure: Error, Sendable, Equatable {
    /// What kind of failure, which decides the exit status.
    package enum Kind: Sendable, Equatable {
        /// The system refused a thread, a dispatch worker or descriptors.
        case resourceShortage
        /// A measurement did not return within its bound, with threads still to be had.
        case timedOut
    }

    /// What kind.
    package let kind: Kind
    /// The reason, in one sentence.
    package let reason: String
}
