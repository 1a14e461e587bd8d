import Foundation
import TimerLabHarness

/// The NSProxy idea in Swift: a timer target that holds the real target weakly and forwards to it.
///
/// The timer retains the proxy, not the owner, so the owner can be freed. What happens to the
/// timer afterwards is configuration, not a different class:
/// - `invalidatesTimerWhenTargetIsGone == false` (articles 003 and 004): the proxy forwards while
///   the target lives and does nothing after; someone must still invalidate the timer.
/// - `true` (article 003's last version, and article 001's `TempTarget`): the first fire that finds
///   the target gone invalidates the timer the proxy holds weakly.
package final class WeakProxy<Target: AnyObject> {
    /// The real target, held weakly.
    package private(set) weak var target: Target?
    /// The timer whose target this proxy is; weak, because that timer retains the proxy.
    package weak var timer: Timer?
    /// Whether a fire that finds the target gone invalidates `timer`.
    package let invalidatesTimerWhenTargetIsGone: Bool
    private let action: (Target) -> (Timer) -> Void

    /// Creates a proxy that forwards each tick to `action` on `target`.
    package init(
        target: Target, action: @escaping (Target) -> (Timer) -> Void, invalidatesTimerWhenTargetIsGone: Bool = false
    ) {
        self.target = target
        self.action = action
        self.invalidatesTimerWhenTargetIsGone = invalidatesTimerWhenTargetIsGone
    }

    /// The proxy's one selector: forwards the fire to the target, or, once it is gone, does as configured.
    package func forward(_ timer: Timer) {
        if let target {
            action(target)(timer)
        } else if invalidatesTimerWhenTargetIsGone {
            self.timer?.invalidate()
        }
    }
}
