import Dispatch
import Foundation
import TimerLabHarness

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

/// Fire and forget: a repeating block timer that captures the object, never stored.
final class FireAndForgetTimer: @unchecked Sendable {
    var ticks = 0
    func start() {
        _ = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in self.ticks += 1 }
    }
}

/// The same timer capturing the object weakly: freed, though nothing stored is found.
final class WeakUnstoredTimer: @unchecked Sendable {
    var ticks = 0
    func start() {
        _ = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.ticks += 1 }
    }
}

/// Fire and forget: a task loop that uses the object strongly, never stored. It ends by itself
/// after about ten seconds, so the test process does not keep it for good.
final class FireAndForgetTask: @unchecked Sendable {
    var refreshes = 0
    func start() {
        Task {
            for _ in 0..<1_000 where !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                self.refreshes += 1
            }
        }
    }
}

/// A source whose handler uses the object strongly, suspended after it started (as a paused
/// screen would): cancelling it alone does nothing until it is resumed.
final class PausedTicker: @unchecked Sendable {
    var source: DispatchSourceTimer?
    var ticks = 0
    func start() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "paused"))
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.setEventHandler { self.ticks += 1 }
        source.resume()
        self.source = source
    }
    func pause() { source?.suspend() }
}

/// A main-actor view model whose timer, scheduled from main-actor code, captures it strongly;
/// its isolated deinit would invalidate the timer, but never runs.
@MainActor final class Banner {
    var timer: Timer?
    var shown = 0
    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in
            MainActor.assumeIsolated { self.shown += 1 }
        }
    }
    isolated deinit { timer?.invalidate() }
}

/// The same view model capturing itself weakly: freed, and its isolated deinit invalidates.
@MainActor final class PoliteBanner {
    var timer: Timer?
    var shown = 0
    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.shown += 1 }
        }
    }
    isolated deinit { timer?.invalidate() }
}

/// Leaks through a task that returns a value and can throw: any `Task` is found, not only
/// `Task<Void, Never>`.
final class Fetcher: @unchecked Sendable {
    var fetch: Task<Int, any Error>?
    var count = 0
    func start() {
        fetch = Task { [self] in
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(5))
                count += 1
            }
            return count
        }
    }
}

/// Ticks on a repeating block timer, stored, that captures it strongly, added to the run loop of
/// the thread that starts it, and due long ago: where nothing runs that run loop, it never ticks.
final class UndrivenTicker: @unchecked Sendable {
    var timer: Timer?
    var ticks = 0
    func start() {
        let timer = Timer(fire: Date(timeIntervalSinceNow: -1), interval: 0.005, repeats: true) { _ in self.ticks += 1 }
        RunLoop.current.add(timer, forMode: .default)
        self.timer = timer
    }
}
