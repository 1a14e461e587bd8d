import CoreFoundation
import Foundation

/// The run loop mode the harness runs in while a subject's owner is alive.
package enum HarnessMode: Sendable, Equatable {
    /// `RunLoop.Mode.default`, where `scheduledTimer` puts its timers.
    case `default`
    /// Another mode, registered as one of the common modes of the run's run loop, so timers added
    /// for `.common` run in it and timers added for `.default` do not.
    case common(RunLoop.Mode)

    /// The Foundation mode this stands for.
    package var runLoopMode: RunLoop.Mode {
        switch self {
        case .default: return .default
        case .common(let mode): return mode
        }
    }

    /// Sets up the current thread's run loop for this mode: a `.common` mode joins the common modes.
    func prepareCurrentRunLoop() {
        guard case .common(let mode) = self else { return }
        CFRunLoopAddCommonMode(CFRunLoopGetCurrent(), mode.cfMode)
    }
}

extension RunLoop.Mode {
    /// The same mode as CoreFoundation names it.
    package var cfMode: CFRunLoopMode {
        CFStringCreateWithCString(nil, rawValue, CFStringBuiltInEncodings.UTF8.rawValue)
    }
}
