import Foundation

extension RunLoop.Mode {
    /// The mode UIKit runs in while a scroll view tracks a finger.
    package static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}

extension HarnessMode {
    /// UIKit's situation while the user scrolls: the run loop runs in `UITrackingRunLoopMode`,
    /// which UIKit registers as one of the common modes.
    package static let tracking = HarnessMode.common(.tracking)
}
