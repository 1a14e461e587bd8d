import Dispatch
import Foundation

/// What the harness hands an owner: the interval to use, where to report, and the queues to use.
public struct ScenarioContext: Sendable {
    /// The timer interval for this run, in seconds.
    public let interval: TimeInterval
    /// Where the owner reports its ticks and registers the timers the harness should watch.
    public let probe: Probe
    /// The caller's serial queue for GCD scenarios (the role the articles give the main queue).
    ///
    /// The main queue is drained only by the main thread's run loop, and the harness runs each
    /// scenario on a thread of its own, so each run gets a private serial queue instead.
    public let queue: DispatchQueue
    /// The run loop mode the harness runs in.
    public let mode: HarnessMode

    /// Creates a context.
    public init(interval: TimeInterval, probe: Probe, queue: DispatchQueue, mode: HarnessMode) {
        self.interval = interval
        self.probe = probe
        self.queue = queue
        self.mode = mode
    }
}
