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

/// A seconds hand that ticks on a repeating block timer it never stores. Leaks: the timer's
/// block uses the hand strongly, and the run loop keeps the timer (on Linux, for good).
public final class SecondsHand: @unchecked Sendable {
    public private(set) var ticks = 0

    public init() {}

    public func start() {
        _ = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in self.ticks += 1 }
    }
}

/// Syncs the time in a task it never stores. Leaks: the loop uses the syncer strongly and
/// nobody can cancel it (it gives up by itself after about ten seconds).
public final class TimeSyncer: @unchecked Sendable {
    public private(set) var syncs = 0

    public init() {}

    public func start() {
        Task {
            for _ in 0..<1_000 where !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
                self.syncs += 1
            }
        }
    }
}

/// An alarm whose source is suspended while it is snoozed. Leaks: the handler uses the alarm
/// strongly; cancelling the source does nothing while it is suspended.
public final class SnoozedAlarm: @unchecked Sendable {
    public private(set) var source: DispatchSourceTimer?
    public private(set) var rings = 0

    public init() {}

    public func start() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "clocks.alarm"))
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.setEventHandler { self.rings += 1 }
        source.resume()
        self.source = source
    }

    public func snooze() { source?.suspend() }
}

/// A main-actor banner that scrolls on a timer holding it strongly; its isolated deinit would
/// invalidate the timer, but never runs.
@MainActor public final class ScrollingBanner {
    public private(set) var timer: Timer?
    public private(set) var offset = 0

    public init() {}

    public func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in
            MainActor.assumeIsolated { self.offset += 1 }
        }
    }

    isolated deinit { timer?.invalidate() }
}

/// The fixed banner: the timer holds it weakly, and its isolated deinit invalidates the timer.
@MainActor public final class CarefulBanner {
    public private(set) var timer: Timer?
    public private(set) var offset = 0

    public init() {}

    public func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.offset += 1 }
        }
    }

    isolated deinit { timer?.invalidate() }
}

/// Keeps the time zones fresh: an actor that starts by awaiting its first load, then polls
/// with a task that takes self weakly on each turn.
public actor TimeZoneStore {
    private var task: Task<Void, Never>?
    public private(set) var loads = 0

    public init() {}

    public func start() async throws {
        try await load()
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                guard let self else { return }
                try? await self.load()
            }
        }
    }

    private func load() async throws {
        try await Task.sleep(for: .milliseconds(1))
        loads += 1
    }
}

/// Syncs the world clocks in a loop that holds the actor until the app awaits its stop.
public actor WorldClockSync {
    private var task: Task<Void, Never>?
    public private(set) var syncs = 0

    public init() {}

    public func start() {
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                self.syncs += 1
            }
        }
    }

    public func stop() async {
        task?.cancel()
        task = nil
    }
}

/// The user's settings: a plain model, with nothing timer-like in it.
public final class ClockSettings {
    public var use24Hours = true
    public var zones = ["UTC"]

    public init() {}

    public func start() { zones.append("Europe/Paris") }
}

/// A beat a clock library keeps: it stores its observers' closures, and gives its source a
/// handler that takes the beat weakly. Innocent itself: what its observers capture is their own.
public final class Beat: @unchecked Sendable {
    private var observers: [@Sendable () -> Void] = []
    private var source: DispatchSourceTimer?

    public init() {}

    /// Calls `observer` on every beat, from now until the beat is gone.
    public func observe(_ observer: @escaping @Sendable () -> Void) { observers.append(observer) }

    public func start(every milliseconds: Int) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "clocks.beat"))
        source.schedule(deadline: .now(), repeating: .milliseconds(milliseconds))
        source.setEventHandler { [weak self] in self?.observers.forEach { $0() } }
        source.resume()
        self.source = source
    }

    deinit { source?.cancel() }
}

/// A pendulum that observes its beat with itself captured strongly. Leaks: the beat keeps the
/// closure, and the pendulum keeps the beat.
public final class Pendulum: @unchecked Sendable {
    public let beat = Beat()
    public private(set) var swings = 0

    public init() {}

    public func start() {
        beat.observe { self.swings += 1 }
        beat.start(every: 5)
    }
}

/// Watches for time zone changes with an observer block that uses it strongly. Leaks: the
/// notification center keeps the block, and nothing removes it.
public final class ZoneWatcher: @unchecked Sendable {
    public private(set) var token: NSObjectProtocol?
    public private(set) var changes = 0

    public init() {}

    public func start() {
        token = NotificationCenter.default.addObserver(forName: .NSSystemTimeZoneDidChange, object: nil, queue: nil) { _ in
            self.changes += 1
        }
    }
}

/// Saves the alarm list a moment after the screen is left, in a task that uses it: a late
/// release, not a leak (freed once the save ran, 1.2 s after `leave`).
public final class AlarmListSaver: @unchecked Sendable {
    private var task: Task<Void, Never>?
    public private(set) var saves = 0

    public init() {}

    public func leave() {
        task = Task {
            try? await Task.sleep(for: .milliseconds(1_200))
            self.saves += 1
            self.task = nil
        }
    }
}

/// The app's one ticking service, as apps keep it: a singleton with a source of its own that
/// ticks for the life of the process. A screen that refers to it must leave it ticking.
public final class TickService: @unchecked Sendable {
    public static let shared = TickService()
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let lock = NSLock()
    private var count = 0

    private init() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.tick() }
        source.resume()
    }

    private func tick() { lock.withLock { count += 1 } }

    /// How many times it ticked.
    public var ticks: Int { lock.withLock { count } }
    /// Whether its source is still running.
    public var isRunning: Bool { !source.isCancelled }
}

/// A screen that shows the service's ticks: keeps it strongly, as `let service = TickService.shared`,
/// and (`leaks`) keeps a closure that captures self.
public final class TickScreen: @unchecked Sendable {
    public let service = TickService.shared
    private var onTick: (() -> Void)?
    private let leaks: Bool

    public init(leaks: Bool) { self.leaks = leaks }

    public func appear() {
        if leaks { onTick = { _ = self.service.ticks } }
    }
}

/// A metronome whose source's handler is the closure it also keeps, to call by hand: stopping it
/// cancels the source, which drops the source's hold, but not its own. Leaks through `onTick`.
public final class Metronome: @unchecked Sendable {
    public let source = DispatchSource.makeTimerSource(queue: .global())
    public private(set) var onTick: (@Sendable () -> Void)?
    public private(set) var beats = 0

    public init() {}

    public func start() {
        onTick = { self.beats += 1 }
        source.setEventHandler(handler: onTick)
        source.schedule(deadline: .now(), repeating: .milliseconds(5))
        source.resume()
    }

    public func stop() { source.cancel() }
}

/// A kiosk's ticker, whose repeating block timer uses it strongly: the timer keeps it.
public final class KioskTicker: @unchecked Sendable {
    public var timer: Timer?
    public private(set) var ticks = 0

    public init() {}

    public func start() {
        let timer = Timer(timeInterval: 0.01, repeats: true) { _ in self.ticks += 1 }
        RunLoop.current.add(timer, forMode: .default)
        self.timer = timer
    }
}

/// A kiosk screen that makes its ticker and keeps it alone. The screen is freed; its ticker
/// leaks below it, through the ticker's own timer.
public final class KioskScreen: @unchecked Sendable {
    public let ticker = KioskTicker()

    public init() {}

    public func appear() { ticker.start() }
}

/// A status feed whose source's handler uses it strongly: its own source keeps it.
public final class StatusFeed: @unchecked Sendable {
    public let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "clocks.status-feed"))
    // Touched only on the source's queue.
    public private(set) var updates = 0

    public init() {}

    public func start() {
        source.setEventHandler { self.updates += 1 }
        source.schedule(deadline: .now(), repeating: .milliseconds(10))
        source.activate()
    }

    public func stop() { source.cancel() }
}

/// A status board that makes its feed and keeps it alone; `stopsFeed`: it stops the feed in
/// `deinit`. Without that, the board is freed and its feed leaks below it, through the feed's
/// own source: nothing outside the board keeps the feed, so it is the board's.
public final class StatusBoard: @unchecked Sendable {
    public let feed = StatusFeed()
    let stopsFeed: Bool

    public init(stopsFeed: Bool) { self.stopsFeed = stopsFeed }

    public func appear() { feed.start() }

    deinit { if stopsFeed { feed.stop() } }
}
