/// One of the five source articles in `shared/seeds/`, by its file number.
public enum Article: String, Sendable, CaseIterable {
    /// NSTimer leak causes, the Effective Objective-C block category, NSProxy targets, MSWeakTimer.
    case a000 = "000"
    /// Apple's Timer documentation on run loops and invalidate; the `TempTarget` intermediate.
    case a001 = "001"
    /// NSTimer's three pitfalls (run loop and mode, thread, leaks) and GCD timers.
    case a002 = "002"
    /// A weak NSProxy target, a swizzled category, a proxy that invalidates the timer.
    case a003 = "003"
    /// Why a `__weak` target still leaks, timers on threads without a run loop, three fixes.
    case a004 = "004"
}
