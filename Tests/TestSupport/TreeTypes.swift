import Dispatch
import Foundation

/// Objects whose tree is more than themselves: a root that makes a helper and keeps it alone,
/// where the helper leaks through its own timer, source, task or closure while the root is freed
/// (issue #60), and the controls whose whole tree goes. Each helper counts itself alive, so a
/// truth test can watch it without timerlab.
public enum Tree {
    /// A poller whose block `Timer` captures it: the timer keeps it, whoever let it go.
    public final class TimerPoller: @unchecked Sendable {
        // Touched only on the run loop's thread.
        public var timer: Timer?
        public private(set) var polls = 0
        public let weakly: Bool
        public init(weakly: Bool) { self.weakly = weakly }
        public func start() {
            let timer =
                weakly
                ? Timer(timeInterval: 0.005, repeats: true) { [weak self] _ in self?.polls += 1 }
                : Timer(timeInterval: 0.005, repeats: true) { _ in self.polls += 1 }
            RunLoop.current.add(timer, forMode: .default)
            self.timer = timer
        }
    }

    /// A screen that makes a poller and keeps it alone; `tidies`: it invalidates the poller's
    /// timer in `deinit`.
    public final class Screen: @unchecked Sendable {
        public let poller: TimerPoller
        let tidies: Bool
        public init(weakPoller: Bool, tidies: Bool = false) {
            poller = TimerPoller(weakly: weakPoller)
            self.tidies = tidies
        }
        public func start() { poller.start() }
        deinit { if tidies { poller.timer?.invalidate() } }
    }

    /// A refresher whose source's handler captures it; `stop` cancels the source.
    public final class Refresher: @unchecked Sendable {
        public let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tree.refresher"))
        // Touched only on the source's queue.
        public private(set) var refreshes = 0
        public init() {}
        public func start() {
            source.setEventHandler { self.refreshes += 1 }
            source.schedule(deadline: .now(), repeating: .milliseconds(5))
            source.activate()
        }
        public func stop() { source.cancel() }
    }

    /// A view model that makes a refresher and keeps it alone; `tearsDown`: it stops the
    /// refresher in `deinit`, the fix.
    public final class ViewModel: @unchecked Sendable {
        public let refresher = Refresher()
        let tearsDown: Bool
        public init(tearsDown: Bool) { self.tearsDown = tearsDown }
        public func start() { refresher.start() }
        deinit { if tearsDown { refresher.stop() } }
    }

    /// A page two levels above its poller (`screen.poller`).
    public final class Page: @unchecked Sendable {
        public let screen = Screen(weakPoller: false)
        public init() {}
        public func start() { screen.start() }
    }

    /// A syncer whose task loop uses it until cancelled.
    public final class Syncer: @unchecked Sendable {
        public var task: Task<Void, Never>?
        // Touched only inside `task`.
        public private(set) var syncs = 0
        public init() {}
        public func start() {
            task = Task {
                while !Task.isCancelled {
                    self.syncs += 1
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
        }
        public func stop() { task?.cancel() }
    }

    /// A store that makes a syncer and keeps it alone; `tearsDown`: it cancels it in `deinit`.
    public final class Store: @unchecked Sendable {
        public let syncer = Syncer()
        let tearsDown: Bool
        public init(tearsDown: Bool) { self.tearsDown = tearsDown }
        public func start() { syncer.start() }
        deinit { if tearsDown { syncer.stop() } }
    }

    /// A widget whose source is active from the start (libdispatch traps on releasing an inactive
    /// one) and idle until `start`, whose handler captures the widget.
    public final class Widget: @unchecked Sendable {
        public let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tree.widget"))
        // Touched only on the source's queue.
        public private(set) var refreshes = 0
        public init() { source.activate() }
        public func start() {
            source.setEventHandler { self.refreshes += 1 }
            source.schedule(deadline: .now(), repeating: .milliseconds(5))
        }
        deinit { source.cancel() }
    }

    /// Five widgets, the third held by its own source.
    public final class Dashboard: @unchecked Sendable {
        public let widgets = (0..<5).map { _ in Widget() }
        public init() {}
        public func start() { widgets[2].start() }
    }

    /// An app-wide clock that keeps ticking, and a screen that keeps it beside a helper of its own.
    public final class Clock: @unchecked Sendable {
        public let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tree.clock"))
        public init() {
            source.setEventHandler {}
            source.schedule(deadline: .now(), repeating: .milliseconds(5))
            source.activate()
        }
        deinit { source.cancel() }
    }

    public final class ClockScreen: @unchecked Sendable {
        public let clock: Clock
        public let poller = TimerPoller(weakly: true)
        public init(clock: Clock) { self.clock = clock }
        public func start() { poller.start() }
    }

    /// A child that stores a closure capturing itself, in a `var`; `weakly`: the closure takes it weakly.
    public final class Notifier: @unchecked Sendable {
        public var onChange: (() -> Void)?
        public private(set) var changes = 0
        let weakly: Bool
        public init(weakly: Bool) { self.weakly = weakly }
        public func start() {
            onChange = weakly ? { [weak self] in self?.changes += 1 } : { self.changes += 1 }
            onChange?()
        }
    }

    /// A form that makes a notifier and keeps it alone.
    public final class Form: @unchecked Sendable {
        public let notifier: Notifier
        public init(weakNotifier: Bool) { notifier = Notifier(weakly: weakNotifier) }
        public func start() { notifier.start() }
    }

    /// One of two helpers that keep each other (`weakly`: the second keeps the first weakly).
    public final class Partner: @unchecked Sendable {
        public var partner: Partner?
        public weak var weakPartner: Partner?
        public init() {}
    }

    /// A pair of helpers that keep each other, which a sheet makes and keeps one of.
    public final class Sheet: @unchecked Sendable {
        public let first = Partner()
        let weakly: Bool
        public init(weakly: Bool) { self.weakly = weakly }
        public func start() {
            let second = Partner()
            first.partner = second
            if weakly { second.weakPartner = first } else { second.partner = first }
        }
    }

    /// A screen that keeps a refresher the app keeps too (and started): the refresher's own
    /// handler keeps it, but so does the app, so it is not the screen's alone.
    public final class SharedRefresherScreen: @unchecked Sendable {
        public let refresher: Refresher
        public init(refresher: Refresher) { self.refresher = refresher }
    }
}
