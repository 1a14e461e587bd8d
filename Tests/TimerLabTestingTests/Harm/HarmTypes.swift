import Dispatch
import Foundation
import Synchronization

// Ordinary types that a check must run without harming the program around it: shared services
// it only refers to, legal values at the edges, large structures and Swift 6 storage.
// `@unchecked Sendable` where a closure captures them: each is built, started and released on
// the check's thread, and its callbacks only bump a counter.

/// An app-wide service that ticks on its own source for the life of the process: what a
/// screen refers to must still tick after the screen's check, freed or leaked.
final class SharedClock: @unchecked Sendable {
    /// One per test that uses it, so that tests running in parallel never share one.
    init() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.count.add(1, ordering: .relaxed) }
        source.resume()
    }
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    /// How many times it ticked.
    var ticks: Int { count.load(ordering: .relaxed) }
    /// Whether its source is still running.
    var isRunning: Bool { !source.isCancelled }
    /// What it calls back; a subscriber's closure is the clock's to keep.
    private let subscribers = Mutex<[@Sendable () -> Void]>([])
    /// Keeps `callback` until `unsubscribeAll`.
    func subscribe(_ callback: @escaping @Sendable () -> Void) { subscribers.withLock { $0.append(callback) } }
    /// Drops every subscriber's closure.
    func unsubscribeAll() { subscribers.withLock { $0.removeAll() } }
    deinit { source.cancel() }
}

/// A label that subscribes to the shared clock with a closure that takes it strongly: the clock,
/// which the app keeps, keeps the label.
final class SubscribedClockLabel: @unchecked Sendable {
    let clock: SharedClock
    init(clock: SharedClock) { self.clock = clock }
    func start() { clock.subscribe { _ = self } }
}

/// Where a test keeps the shared clock, as an app keeps its singleton.
final class ClockRegistry: @unchecked Sendable {
    private var clocks: [SharedClock] = []
    private let lock = NSLock()
    func keep(_ clock: SharedClock) {
        lock.withLock { clocks.append(clock) }
    }
}

/// A screen that keeps the shared clock strongly (`let clock = Clock.shared`).
final class StrongClockScreen: @unchecked Sendable {
    let clock: SharedClock
    private var refresh: Timer?
    private(set) var refreshes = 0
    let leaks: Bool
    init(clock: SharedClock, leaks: Bool) {
        self.clock = clock
        self.leaks = leaks
    }
    func start() {
        refresh = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { [weak self] _ in self?.refreshes += 1 }
        if leaks { retainCycle = { self.refreshes += 0 } }
    }
    private var retainCycle: (() -> Void)?
}

/// A screen that refers to the shared clock as its delegate (`weak var`).
final class WeakClockScreen: @unchecked Sendable {
    weak var delegate: SharedClock?
    let leaks: Bool
    private var retainCycle: (() -> Void)?
    init(clock: SharedClock, leaks: Bool) {
        delegate = clock
        self.leaks = leaks
    }
    func start() {
        if leaks { retainCycle = { _ = self.delegate } }
    }
}

/// A screen that refers to the shared clock as an `unowned let`.
final class UnownedClockScreen: @unchecked Sendable {
    unowned let service: SharedClock
    let leaks: Bool
    private var retainCycle: (() -> Void)?
    init(clock: SharedClock, leaks: Bool) {
        service = clock
        self.leaks = leaks
    }
    func start() {
        if leaks { retainCycle = { _ = self.service } }
    }
}

/// A scheduler's timer that it fires by hand: due in the distant future, never repeating in practice.
final class HandFiredScheduler {
    private var timer: Timer?
    private(set) var fired = 0
    func start() {
        let timer = Timer(fire: .distantFuture, interval: .greatestFiniteMagnitude, repeats: true) { _ in }
        RunLoop.current.add(timer, forMode: .default)
        self.timer = timer
    }
    func fireNow() {
        timer?.fire()
        fired += 1
    }
}

/// A child whose `unowned let parent` is gone before the check: legal while it is never read.
final class OrphanedChild {
    unowned let parent: Parent
    private var ticker: Timer?
    init(parent: Parent) { self.parent = parent }
    func start() {
        ticker = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in }
    }
    deinit { ticker?.invalidate() }
    final class Parent {}
}

/// A queue of pending events kept as a linked list, long enough to overflow a recursive walk.
final class EventQueue {
    final class Node {
        let event: Int
        var next: Node?
        init(event: Int, next: Node?) {
            self.event = event
            self.next = next
        }
    }
    private var head: Node?
    private var pump: Timer?
    let length: Int
    init(length: Int) { self.length = length }
    func start() {
        for event in 0..<length { head = Node(event: event, next: head) }
        pump = Timer.scheduledTimer(withTimeInterval: 0.005, repeats: true) { _ in }
    }
    deinit {
        // Unlinks iteratively, so that freeing a long list does not recurse either.
        var node = head
        head = nil
        while let current = node {
            node = current.next
            current.next = nil
        }
        pump?.invalidate()
    }
}

/// A block timer first due in the distant past, repeating every 10 ms, capturing self: overdue
/// from the start.
final class OverdueTicker: @unchecked Sendable {
    private var timer: Timer?
    private(set) var ticks = 0
    func start() {
        let timer = Timer(fire: .distantPast, interval: 0.01, repeats: true) { _ in self.ticks += 1 }
        RunLoop.current.add(timer, forMode: .default)
        self.timer = timer
    }
}

/// The Swift 6 Sendable idiom: its source kept in a `Mutex`, its handler capturing self.
final class LockedSourcePoller: Sendable {
    let state = Mutex<DispatchSourceTimer?>(nil)
    let polls = Atomic<Int>(0)
    let leaks: Bool
    init(leaks: Bool) { self.leaks = leaks }
    func start() {
        // Made under the lock, as a value sent into a `Mutex` must be.
        state.withLock { state in
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now(), repeating: .milliseconds(5))
            if leaks {
                source.setEventHandler { self.polls.add(1, ordering: .relaxed) }
            } else {
                source.setEventHandler { [weak self] in self?.polls.add(1, ordering: .relaxed) }
            }
            source.resume()
            state = source
        }
    }
    deinit { state.withLock { $0?.cancel() } }
}

/// Keeps many sources, one of which captures it.
final class SourceFarm: @unchecked Sendable {
    private var sources: [DispatchSourceTimer] = []
    let count: Int
    init(count: Int) { self.count = count }
    func start() {
        for index in 0..<count {
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + .seconds(3600), repeating: .seconds(3600))
            if index == count / 2 {
                source.setEventHandler { _ = self.count }
            } else {
                source.setEventHandler {}
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// Keeps many tasks that each sleep an hour and take self weakly, cancelling them in its deinit.
final class TaskFleet: @unchecked Sendable {
    private var tasks: [Task<Void, Never>] = []
    let count: Int
    init(count: Int) { self.count = count }
    func start() {
        tasks = (0..<count).map { _ in
            Task { [weak self] in
                try? await Task.sleep(for: .seconds(3600))
                _ = self?.count
            }
        }
    }
    deinit { tasks.forEach { $0.cancel() } }
}

/// A poller whose one-shot timer's block waits on a gate (for at most 30 s): code of the
/// object's that holds the thread its timer fires on.
final class GatedPoller: @unchecked Sendable {
    private var timer: Timer?
    private let gate: DispatchSemaphore
    init(gate: DispatchSemaphore) {
        self.gate = gate
    }
    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.001, repeats: false) { [gate] _ in
            _ = gate.wait(timeout: .now() + 30)
        }
    }
}
