import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// An MSWeakTimer for Swift: a GCD timer that holds its target weakly and can be stopped from any thread.
///
/// - It fires on a private serial queue that targets the caller's queue, so callbacks are serial
///   with the caller's other work on that queue.
/// - It holds its target weakly and invalidates itself on the first fire that finds it gone.
/// - `invalidate()` may be called from any thread, any number of times: an atomic flag decides
///   the one call that wins, and the source is cancelled asynchronously on the private queue
///   (a synchronous hop could deadlock if the caller is already on it).
/// - `tolerance` is passed to GCD as leeway.
///
/// Unlike MSWeakTimer, a timer that is invalidated or released without ever being scheduled does
/// not crash (releasing a never-resumed dispatch source traps on Linux), and releasing the last
/// reference to the timer from inside its own callback is safe.
///
/// Why `@unchecked Sendable` is sound: every stored property is either immutable after `init`
/// (`timeInterval`, `repeats`, `privateSerialQueue`, `source`, `fireTarget`), an `Atomic`
/// (`invalidated`, `resumed`, `toleranceNanoseconds`), or `userInfo`, which is immutable and only
/// handed back to the caller. The source is configured on the caller's thread only before it is
/// resumed, when no callback can run yet; after that, rescheduling and cancelling happen on
/// `privateSerialQueue` only, and `DispatchSource` itself is thread-safe. The compiler cannot see
/// this because `Any?` and the target closure are not `Sendable`.
package final class WeakTimer: @unchecked Sendable {
    /// Seconds between ticks.
    package let timeInterval: TimeInterval
    /// Whether the timer fires until invalidated, or once.
    package let repeats: Bool
    /// What the caller attached; immutable, and released with the timer.
    package let userInfo: Any?

    private let privateSerialQueue: DispatchQueue
    private let source: DispatchSourceTimer
    private let fireTarget: (WeakTimer) -> Bool
    private let invalidated = Atomic<Bool>(false)
    private let resumed = Atomic<Bool>(false)
    private let toleranceNanoseconds = Atomic<Int>(0)

    /// Creates a timer that is not yet scheduled; call `schedule()` to start it.
    package init<Target: AnyObject>(
        timeInterval: TimeInterval, target: Target, selector: @escaping (Target) -> (WeakTimer) -> Void,
        userInfo: Any? = nil, repeats: Bool, dispatchQueue: DispatchQueue
    ) {
        self.timeInterval = timeInterval
        self.repeats = repeats
        self.userInfo = userInfo
        self.fireTarget = { [weak target] timer in
            guard let target else { return false }
            selector(target)(timer)
            return true
        }
        let queue = DispatchQueue(label: "timerlab.weaktimer", target: dispatchQueue)
        self.privateSerialQueue = queue
        self.source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler { [weak self] in self?.timerFired() }
    }

    /// Creates and schedules a timer.
    package static func scheduledTimer<Target: AnyObject>(
        timeInterval: TimeInterval, target: Target, selector: @escaping (Target) -> (WeakTimer) -> Void,
        userInfo: Any? = nil, repeats: Bool, dispatchQueue: DispatchQueue
    ) -> WeakTimer {
        let timer = WeakTimer(
            timeInterval: timeInterval, target: target, selector: selector, userInfo: userInfo,
            repeats: repeats, dispatchQueue: dispatchQueue)
        timer.schedule()
        return timer
    }

    deinit {
        invalidate()
        // A source must be resumed before its last release; one that never was is resumed here,
        // after its cancellation, so it cannot fire.
        resumeOnce()
    }

    /// How late each fire may come, in seconds; GCD's leeway. Takes effect at once if scheduled.
    package var tolerance: TimeInterval {
        get { Double(toleranceNanoseconds.load(ordering: .relaxed)) / 1e9 }
        set {
            toleranceNanoseconds.store(Int(max(0, newValue) * 1e9), ordering: .relaxed)
            if resumed.load(ordering: .acquiring) {
                privateSerialQueue.async { [weak self] in self?.resetTimerProperties() }
            }
        }
    }

    /// The dispatch source underneath, so the harness can watch its lifetime (weakly).
    var sourceObject: AnyObject { source as AnyObject }

    /// Whether the timer will still fire.
    package var isValid: Bool { !invalidated.load(ordering: .acquiring) }

    /// Starts the timer: the first fire is one interval from now. Only the first call has an effect.
    package func schedule() {
        guard isValid else { return }
        resetTimerProperties()
        resumeOnce()
    }

    /// Fires now, on the calling thread, as if the time had come (a non-repeating timer then stops).
    package func fire() {
        timerFired()
    }

    /// Stops the timer; callable from any thread, any number of times.
    package func invalidate() {
        guard invalidated.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let source = CancellableSource(source: source)
        privateSerialQueue.async { source.cancel() }
    }

    private func timerFired() {
        guard isValid else { return }
        guard fireTarget(self) else {
            invalidate()  // The target is gone: nobody is left to fire for.
            return
        }
        if !repeats {
            invalidate()
        }
    }

    /// The leeway the source is scheduled with: `tolerance`, in nanoseconds, never negative.
    var leeway: DispatchTimeInterval { .nanoseconds(toleranceNanoseconds.load(ordering: .relaxed)) }

    private func resetTimerProperties() {
        let interval = DispatchTimeInterval(seconds: timeInterval)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: leeway)
    }

    private func resumeOnce() {
        if resumed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            source.resume()
        }
    }
}

/// A dispatch source carried to the private queue for cancelling.
///
/// `DispatchSourceTimer` is not `Sendable` on Linux; `cancel()` is documented thread-safe, and it
/// is the only call made through this wrapper.
private struct CancellableSource: @unchecked Sendable {
    let source: DispatchSourceTimer

    func cancel() {
        source.cancel()
    }
}

extension HolderHandle {
    /// Watches a `WeakTimer`: scheduled while valid, stopped by `invalidate()`; the object whose
    /// lifetime it reports is the dispatch source inside (the `WeakTimer` is the intermediate).
    package convenience init(weakTimer: WeakTimer) {
        self.init(
            weakTimer, kind: .weakTimer,
            lifetime: LifetimeWitness(weakTimer.sourceObject, name: ObjectKind.dispatchSourceTimer.rawValue),
            isScheduled: { $0.isValid }, stop: { $0.invalidate() })
    }
}

extension Probe {
    /// Watches a `WeakTimer` (weakly).
    package func watch(_ weakTimer: WeakTimer?) {
        guard let weakTimer else { return }
        add(HolderHandle(weakTimer: weakTimer))
    }
}
