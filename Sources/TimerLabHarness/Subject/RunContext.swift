import Dispatch
import Foundation

/// What the harness hands an owner: the interval to use, where to report, and the queues to use.
public struct RunContext: Sendable {
    /// The timer interval for this run, in seconds.
    package let interval: TimeInterval
    /// Where the owner reports its ticks and registers the timers the harness should watch.
    package let probe: Probe
    /// The caller's serial queue for GCD scenarios (the role the articles give the main queue).
    ///
    /// The main queue is drained only by the main thread's run loop, and the harness runs each
    /// scenario on a thread of its own, so each run gets a private serial queue instead.
    package let queue: DispatchQueue

    /// The leeway article 002 gives a GCD timer, a tenth of the interval (0.1 s of a 1 s timer), in seconds.
    package var leeway: TimeInterval { interval / 10 }

    /// Creates a context.
    package init(interval: TimeInterval, probe: Probe, queue: DispatchQueue) {
        self.interval = interval
        self.probe = probe
        self.queue = queue
    }
}

extension DispatchTimeInterval {
    /// A dispatch interval of `seconds`, to the nanosecond.
    package init(seconds: TimeInterval) {
        self = .nanoseconds(Int(seconds * 1e9))
    }
}
