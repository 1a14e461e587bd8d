import Dispatch
import Foundation

// Timer libraries in the shapes open-source wrappers take, each owned by an app object the way
// their READMEs show. `@unchecked Sendable`: built, started and released on the check's thread;
// their handlers only bump counters.

/// A repeater: keeps its observers' closures and gives its source, on a queue of its own, a
/// handler that takes the repeater weakly. Its `stop()` cancels the source and keeps the closures.
final class Repeater: @unchecked Sendable {
    private var observers: [(Repeater) -> Void] = []
    private var timer: DispatchSourceTimer?
    private let queue = DispatchQueue(label: "Repeater")

    func observe(_ observer: @escaping (Repeater) -> Void) { queue.sync { observers.append(observer) } }

    func start(every interval: DispatchTimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: interval)
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.resume()
        self.timer = timer
    }

    func stop() { timer?.cancel() }

    private func fire() { observers.forEach { $0(self) } }

    /// Drops the observers: the cut that proves them the holder.
    func removeAllObservers() { queue.sync { observers.removeAll() } }
}

/// Polls through a `Repeater`, handing it a closure that uses self strongly: held by the
/// repeater's observers, not by its innocent source.
final class PricePoller: @unchecked Sendable {
    let repeater = Repeater()
    private(set) var polls = 0
    func start() { repeater.observe { _ in self.polls += 1 } }
    func startRepeater() { repeater.start(every: .milliseconds(5)) }
}

/// The same with `[weak self]`: freed.
final class WeakPricePoller: @unchecked Sendable {
    let repeater = Repeater()
    private(set) var polls = 0
    func start() {
        repeater.observe { [weak self] _ in self?.polls += 1 }
        repeater.start(every: .milliseconds(5))
    }
}

/// A throttle that keeps one handler property and a source whose handler takes it weakly.
final class Throttle: @unchecked Sendable {
    private(set) var callback: (() -> Void)?
    private let queue = DispatchQueue(label: "Throttle")
    private lazy var source = DispatchSource.makeTimerSource(queue: queue)

    /// Sets (or, with `nil`, drops) the callback, on the throttle's queue.
    func onTick(_ callback: (() -> Void)?) { queue.sync { self.callback = callback } }

    init(every interval: DispatchTimeInterval) {
        source.schedule(deadline: .now(), repeating: interval)
        source.setEventHandler { [weak self] in self?.callback?() }
        source.resume()
    }

    deinit { source.cancel() }
}

/// Keeps a lazily made throttle whose callback, passed through a helper closure, uses self:
/// the holder is a closure inside a closure, kept behind a `lazy var`.
final class SearchField: @unchecked Sendable {
    lazy var throttler: Throttle = Throttle(every: .milliseconds(5))
    private(set) var searches = 0
    func start() {
        let search = { self.searches += 1 }
        throttler.onTick { search() }
    }
}

/// A debouncer whose pending `Task` sleeps, then runs the action: the action (and what it
/// captures) lives until the delay ends, then goes: a late release, not a leak.
final class Debouncer: @unchecked Sendable {
    private var task: Task<Void, Never>?
    let delay: Duration
    init(delay: Duration) { self.delay = delay }

    func call(_ action: @escaping @Sendable () -> Void) {
        task?.cancel()
        task = Task { [delay] in
            try? await Task.sleep(for: delay)
            action()
        }
    }
}

// The late releases below start their delay when the app lets go (`leave()`, what the app
// calls before releasing), so the delay is always counted from the release, however long a
// loaded machine takes to get there; and each delay is a second or more, because the grace
// period's end waits for the run's controls, which a loaded machine stretches by hundreds of
// milliseconds (a half-second one-shot was then freed within it, not late).

/// Saves a draft through a debouncer, with self in the action, when the editor is left.
final class DraftEditor: @unchecked Sendable {
    let debouncer: Debouncer
    init(delay: Duration = .milliseconds(1_200)) { debouncer = Debouncer(delay: delay) }
    private(set) var saves = 0
    func start() {}
    func leave() { debouncer.call { self.saves += 1 } }
}

/// A throttler whose task binds the tracker across its sleep, to report the last scroll.
final class ScrollTracker: @unchecked Sendable {
    private var task: Task<Void, Never>?
    private(set) var reports = 0
    func start() {}
    func leave() {
        task = Task {
            try? await Task.sleep(for: .milliseconds(1_000))
            self.reports += 1
            self.task = nil
        }
    }
}

/// A one-shot source wrapper that keeps itself alive until it fires, then lets go.
final class OneShot: @unchecked Sendable {
    private var keepAlive: OneShot?
    private let source = DispatchSource.makeTimerSource(queue: .global())

    init(after delay: DispatchTimeInterval, _ action: @escaping () -> Void) {
        keepAlive = self
        source.schedule(deadline: .now() + delay)
        source.setEventHandler { [unowned self] in
            action()
            source.cancel()
            keepAlive = nil
        }
        source.resume()
    }
}

/// Hides its toast later, through a `OneShot` that captures self, when left.
final class ToastPresenter: @unchecked Sendable {
    private(set) var hidden = false
    func start() {}
    func leave() { _ = OneShot(after: .milliseconds(1_500)) { self.hidden = true } }
}

/// Autosaves with a `DispatchWorkItem` given to `asyncAfter` on leaving, then thinks better of
/// it: `cancel()` cancels it and lets go of it, but the queue keeps the item (and its block)
/// until its deadline.
final class AutosaveController: @unchecked Sendable {
    private var pending: DispatchWorkItem?
    private(set) var saves = 0
    let delay: Duration
    init(delay: Duration = .milliseconds(1_500)) { self.delay = delay }
    func start() {}
    func leave() {
        let item = DispatchWorkItem { self.saves += 1 }
        pending = item
        let milliseconds = Int(delay / .milliseconds(1))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: item)
        pending?.cancel()
        pending = nil
    }
}

/// A library timer that pauses its source, and in `deinit` resumes a source it believes paused
/// (releasing a suspended source traps), then cancels it.
final class PausableTimer: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private var paused = false

    init(every interval: DispatchTimeInterval, _ handler: @escaping () -> Void) {
        source.schedule(deadline: .now(), repeating: interval)
        source.setEventHandler(handler: handler)
        source.resume()
    }

    func pause() {
        guard !paused else { return }
        paused = true
        source.suspend()
    }

    deinit {
        if paused { source.resume() }
        source.cancel()
    }
}

/// Keeps a paused library timer whose handler takes self weakly, beside a task that holds self:
/// cancelling the task frees it, and the library's deinit then resumes its paused source.
final class LiveScore: @unchecked Sendable {
    private var timer: PausableTimer?
    private(set) var task: Task<Void, Never>?
    private(set) var ticks = 0
    func start() {
        timer = PausableTimer(every: .milliseconds(5)) { [weak self] in self?.ticks += 1 }
        timer?.pause()
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                self.ticks += 1
            }
        }
    }
}
