import Foundation
import TimerLabHarness

/// Linux's stand-in for `Timer(timeInterval:target:selector:userInfo:repeats:)`.
///
/// Linux Foundation has no `#selector` and no target/selector initialiser, so this `Timer` subclass
/// keeps Apple's documented contract: *the timer keeps a strong reference to its target (and
/// userInfo) until it is invalidated* — by `invalidate()`, or automatically once a non-repeating
/// timer has fired — and then drops both. The "selector" is an unapplied method reference such as
/// `Poller.poll`, of type `(Poller) -> (Timer) -> Void`.
///
/// It is a real Foundation `Timer` on a real run loop, so the run loop → timer edge is genuine.
/// Linux never frees the `Timer` object itself (see the README), which is why the target lives in
/// a property this class clears, not in the block it hands to Foundation.
package final class TargetActionTimer<Target>: Timer {
    /// The target, held strongly while the timer is valid; `nil` once it has been invalidated.
    package private(set) var target: Target?
    private let selector: (Target) -> (Timer) -> Void
    private var storedUserInfo: Any?
    private let repeats: Bool

    /// Creates a timer that is not yet scheduled; its first fire is one interval from now.
    package init(
        timeInterval: TimeInterval, target: Target, selector: @escaping (Target) -> (Timer) -> Void,
        userInfo: Any?, repeats: Bool
    ) {
        self.target = target
        self.selector = selector
        self.storedUserInfo = userInfo
        self.repeats = repeats
        super.init(fire: Date(timeIntervalSinceNow: timeInterval), interval: timeInterval, repeats: repeats) {
            timer in (timer as? TargetActionTimer<Target>)?.sendAction()
        }
    }

    /// Creates a timer and schedules it on the current run loop in `mode` (the default mode unless told).
    package static func scheduledTimer(
        withTimeInterval interval: TimeInterval, target: Target,
        selector: @escaping (Target) -> (Timer) -> Void, userInfo: Any?, repeats: Bool,
        forMode mode: RunLoop.Mode = .default
    ) -> TargetActionTimer<Target> {
        let timer = TargetActionTimer(
            timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        RunLoop.current.add(timer, forMode: mode)
        return timer
    }

    /// The userInfo given at creation, until the timer is invalidated.
    package override var userInfo: Any? { storedUserInfo }

    /// Stops the timer and releases its target and userInfo.
    package override func invalidate() {
        super.invalidate()
        releaseTarget()
    }

    private func sendAction() {
        guard let target else { return }
        selector(target)(self)
        if !repeats {
            // Foundation invalidates a non-repeating timer once it has fired; so does Apple's, and
            // that is when it lets go of its target.
            releaseTarget()
        }
    }

    private func releaseTarget() {
        // Releasing the target can run its `deinit`, which typically invalidates this very timer
        // again; keep the old values alive until the writes are over, so that reentrant call does
        // not overlap them.
        withExtendedLifetime((target, storedUserInfo)) {
            target = nil
            storedUserInfo = nil
        }
    }
}
