import Foundation
import TimerLabHarness

/// Article 001's `TempTarget`: a class method that schedules a timer whose target is a fresh intermediate.
///
/// The intermediate is a `WeakProxy` configured to invalidate the timer on the first fire that
/// finds the real target gone; this type only builds and wires it, as the article's class method does.
package enum TempTarget {
    /// Schedules a repeating or one-shot timer that reaches `target` through a weak intermediate.
    package static func scheduledTimer<Target: AnyObject>(
        withTimeInterval interval: TimeInterval, target: Target,
        selector: @escaping (Target) -> (Timer) -> Void, userInfo: Any?, repeats: Bool
    ) -> TargetActionTimer<WeakProxy<Target>> {
        let tempTarget = WeakProxy(target: target, action: selector, invalidatesTimerWhenTargetIsGone: true)
        let timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: interval, target: tempTarget, selector: WeakProxy<Target>.forward,
            userInfo: userInfo, repeats: repeats)
        tempTarget.timer = timer
        return timer
    }
}
