import Dispatch
import Foundation

/// Types a user might write, for the public check's tests. `@unchecked Sendable`: the harness
/// builds, starts and stops each on its run's thread only; their callbacks only read.
final class Ticker: @unchecked Sendable {
    var source: DispatchSourceTimer?
    let queue = DispatchQueue(label: "ticker")

    /// A source whose handler is `onTick`; the source keeps the handler until it is cancelled.
    func start(onTick: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.setEventHandler(handler: onTick)
        source.resume()
        self.source = source
    }
}

/// Leaks through a child object's dispatch source, whose handler uses the dashboard strongly.
final class Dashboard: @unchecked Sendable {
    let ticker = Ticker()
    var refreshes = 0
    func start() { ticker.start { self.refreshes += 1 } }
}

/// Leaks through a task that captures it strongly.
final class Poller: @unchecked Sendable {
    var task: Task<Void, Never>?
    var polls = 0
    func start() {
        task = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                polls += 1
            }
        }
    }
}

/// Freed: its task holds it weakly and its deinit cancels the task.
final class PolitePoller: @unchecked Sendable {
    var task: Task<Void, Never>?
    func start() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                guard self != nil else { return }
            }
        }
    }
    deinit { task?.cancel() }
}

/// Block timers kept by name in a dictionary, each capturing its owner: on Linux, invalidating
/// them frees nothing (Foundation never releases a block Timer's closure).
final class Clocks: @unchecked Sendable {
    var timers: [String: Timer] = [:]
    func start() {
        for zone in ["utc", "local"] {
            timers[zone] = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in _ = self.timers.count }
        }
    }
}

/// Starts nothing at all.
final class Idle: @unchecked Sendable {
    func start() {}
}
