import Foundation
import TimerLabHarness

extension Timer {
    /// The "Effective Objective-C 2.0" block category: a block timer built from the target-action API.
    ///
    /// The target is the `Timer` class itself — an object that lives forever anyway — and the
    /// block travels in `userInfo`, so the timer retains nothing of the caller but the block.
    /// Whether that frees the caller is up to what the block captures.
    package static func eocScheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
    ) -> Timer {
        TargetActionTimer.scheduledTimer(
            withTimeInterval: interval, target: Timer.self, selector: { $0.eocBlockInvoke },
            userInfo: block, repeats: repeats)
    }

    /// The category's selector: finds the block in `userInfo` and calls it.
    static func eocBlockInvoke(_ timer: Timer) {
        if let block = timer.userInfo as? (Timer) -> Void {
            block(timer)
        }
    }
}
