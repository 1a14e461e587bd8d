import Dispatch
import Foundation

/// Refreshes on a dispatch source it owns; the source's handler is whatever its owner gives it.
public final class Refresher: @unchecked Sendable {
    public private(set) var source: DispatchSourceTimer?
    private let queue = DispatchQueue(label: "clocks.refresher")

    public init() {}

    /// Starts a source that calls `onTick` every `milliseconds`; the source keeps `onTick` until cancelled.
    public func start(every milliseconds: Int, onTick: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now(), repeating: .milliseconds(milliseconds))
        source.setEventHandler(handler: onTick)
        source.resume()
        self.source = source
    }
}

/// A world clock screen. Leaks: its refresher's source calls back into it strongly, and the
/// refresher is its own, so screen → refresher → source → handler → screen.
public final class WorldClockScreen: @unchecked Sendable {
    public let refresher = Refresher()
    public private(set) var redraws = 0

    public init() {}

    public func appear() {
        refresher.start(every: 5) { self.redraws += 1 }
    }
}

/// Polls a time server. Leaks: its task loop uses it strongly and is cancelled only in `deinit`.
public final class TimeServerPoller: @unchecked Sendable {
    public private(set) var task: Task<Void, Never>?
    public private(set) var polls = 0

    public init() {}

    public func start() {
        task = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                polls += 1
            }
        }
    }

    deinit { task?.cancel() }
}

/// The fixed poller: the loop holds it weakly, one tick at a time, and `deinit` cancels it.
public final class CarefulPoller: @unchecked Sendable {
    public private(set) var task: Task<Void, Never>?

    public init() {}

    public func start() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                guard self != nil else { return }
            }
        }
    }

    deinit { task?.cancel() }
}
