import NIOCore
import NIOPosix

/// The event loops a server's services share: SwiftNIO's process-wide group.
public let serverLoops = MultiThreadedEventLoopGroup.singleton

/// Flushes metrics every few milliseconds on an event loop, keeping the repeated task's handle.
/// Its task takes it strongly (`weakly: false`: the leak) or weakly.
public final class MetricsFlusher: @unchecked Sendable {
    public private(set) var flushTask: RepeatedTask?
    public private(set) var flushes = 0
    private let weakly: Bool

    public init(weakly: Bool) {
        self.weakly = weakly
    }

    public func start() {
        let loop = serverLoops.next()
        flushTask =
            weakly
            ? loop.scheduleRepeatedTask(initialDelay: .milliseconds(5), delay: .milliseconds(5)) { [weak self] _ in self?.flush() }
            : loop.scheduleRepeatedTask(initialDelay: .milliseconds(5), delay: .milliseconds(5)) { _ in self.flush() }
    }

    private func flush() { flushes += 1 }

    deinit { flushTask?.cancel() }
}

/// A flusher whose repeated task takes it weakly and that never cancels it: once it is freed,
/// the task runs on its loop for good, flushing nothing (issue 66, item 5).
public final class UncancelledFlusher: @unchecked Sendable {
    public private(set) var flushTask: RepeatedTask?
    public private(set) var flushes = 0

    public init() {}

    public func start() {
        flushTask = serverLoops.next().scheduleRepeatedTask(initialDelay: .milliseconds(5), delay: .milliseconds(5)) { [weak self] _ in
            self?.flushes += 1
        }
    }
}

/// Closes an idle connection after a timeout, keeping the scheduled close's handle; the close
/// takes it strongly (`weakly: false`: the leak) or weakly.
public final class IdleTimeout: @unchecked Sendable {
    public private(set) var close: Scheduled<Void>?
    public private(set) var closed = false
    private let weakly: Bool

    public init(weakly: Bool) {
        self.weakly = weakly
    }

    public func start() {
        let loop = serverLoops.next()
        close =
            weakly
            ? loop.scheduleTask(in: .seconds(30)) { [weak self] in self?.closed = true }
            : loop.scheduleTask(in: .seconds(30)) { self.closed = true }
    }

    deinit { close?.cancel() }
}

/// An idle timeout that keeps its event loop beside the scheduled close's handle, as a
/// channel handler keeps its context's loop: the close takes it strongly, and 60 s away.
public final class IdleWatchdog: @unchecked Sendable {
    public let eventLoop: any EventLoop
    public private(set) var timeout: Scheduled<Void>?
    public private(set) var fired = false

    public init() {
        eventLoop = serverLoops.next()
    }

    public func start() {
        timeout = eventLoop.scheduleTask(in: .seconds(60)) { self.fired = true }
    }

    deinit { timeout?.cancel() }
}

/// Pings its peer once, 300 ms after it starts, keeping itself until then: a late release.
public final class KeepAlivePinger: @unchecked Sendable {
    public private(set) var ping: Scheduled<Void>?
    public private(set) var pings = 0

    public init() {}

    public func start() {
        ping = serverLoops.next().scheduleTask(in: .milliseconds(300)) { self.pings += 1 }
    }
}

/// Reaps idle sessions once, a minute after it starts, through SwiftNIO's scheduled callback,
/// keeping the callback's handle; the handler's closure takes it strongly (`weakly: false`: the
/// leak) or weakly.
public final class SessionReaper: @unchecked Sendable {
    /// Runs a closure when the callback comes due: the handler a service hands the loop.
    struct Handler: NIOScheduledCallbackHandler, Sendable {
        let onDue: @Sendable () -> Void
        func handleScheduledCallback(eventLoop: some EventLoop) { onDue() }
    }

    public private(set) var reap: NIOScheduledCallback?
    public private(set) var reaped = 0
    private let weakly: Bool

    public init(weakly: Bool) {
        self.weakly = weakly
    }

    public func start() throws {
        let handler = weakly ? Handler { [weak self] in self?.reaped += 1 } : Handler { self.reaped += 1 }
        reap = try serverLoops.next().scheduleCallback(in: .seconds(60), handler: handler)
    }

    deinit { reap?.cancel() }
}
