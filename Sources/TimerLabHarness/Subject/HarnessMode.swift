import CoreFoundation
import Foundation

/// The run loop mode the harness runs in while a scenario's owner is alive.
package enum HarnessMode: Sendable {
    /// `RunLoop.Mode.default`, where `scheduledTimer` puts its timers.
    case `default`
    /// UIKit's situation while the user scrolls: the run loop runs in `UITrackingRunLoopMode`,
    /// which is registered as one of the common modes.
    case tracking

    /// The Foundation mode this stands for.
    package var runLoopMode: RunLoop.Mode {
        switch self {
        case .default: return .default
        case .tracking: return .tracking
        }
    }

    /// Sets up the current thread's run loop as UIKit sets up the main one: for `.tracking`, the
    /// tracking mode joins the common modes, so timers added for `.common` also run in it.
    func prepareCurrentRunLoop() {
        guard self == .tracking else { return }
        CFRunLoopAddCommonMode(CFRunLoopGetCurrent(), RunLoop.Mode.tracking.cfMode)
    }
}

extension RunLoop.Mode {
    /// The mode UIKit runs in while a scroll view tracks a finger.
    package static let tracking = RunLoop.Mode("UITrackingRunLoopMode")
}

extension RunLoop.Mode {
    /// The same mode as CoreFoundation names it.
    var cfMode: CFRunLoopMode {
        CFStringCreateWithCString(nil, rawValue, CFStringBuiltInEncodings.UTF8.rawValue)
    }
}
