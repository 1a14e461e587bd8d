import Dispatch
import Foundation
import Synchronization

/// Ordinary, race-free types whose handlers replace part of their own state on every tick, each
/// only on its own serial queue, under its own lock, inside its own task or on the main actor:
/// what a check must read without racing (issue #59). Each counts its replacements, so a test
/// can tell that they happened while it checked.
enum BusyTypes {
    /// How often each handler replaces its state: 50 µs, faster than a walk reads.
    static let period: DispatchTimeInterval = .microseconds(50)

    /// Every replacement any of them made: the positive control a stress test compares with.
    static let replacements = Atomic<Int>(0)

    static func replaced() {
        replacements.add(1, ordering: .relaxed)
    }

    /// Starts `source` running `handler` every `period`, from now.
    static func run(_ source: DispatchSourceTimer, _ handler: @escaping () -> Void) {
        source.setEventHandler(handler: handler)
        source.schedule(deadline: .now(), repeating: period)
        source.activate()
    }

    /// A reading, replaced whole on each tick.
    final class Reading: Sendable {
        let value: Int
        let label: String
        init(_ value: Int) {
            self.value = value
            label = "reading number \(value), long enough to need its own storage"
        }
    }

    /// A sensor that replaces `last`, `history`, `byName` and `note` on its source's serial queue,
    /// freed when released: its handler takes it weakly and `deinit` cancels the source.
    final class Sensor: @unchecked Sendable {
        // Written and read only on `queue`.
        var last = Reading(0)
        var history: [Reading] = []
        var byName: [String: Reading] = [:]
        var note = ""
        let queue = DispatchQueue(label: "busy.sensor")
        let source: DispatchSourceTimer
        private var count = 0

        init() { source = DispatchSource.makeTimerSource(queue: queue) }

        func start() {
            BusyTypes.run(source) { [weak self] in self?.tick() }
        }

        func tick() {
            count += 1
            last = Reading(count)
            history = Array(history.suffix(7)) + [last]
            byName["latest reading of this sensor"] = last
            note = "tick \(count) of a note long enough to need the heap"
            BusyTypes.replaced()
        }

        deinit { source.cancel() }
    }

    /// The same sensor, whose handler captures it strongly: it leaks through its source.
    final class LeakySensor: @unchecked Sendable {
        // Written and read only on `queue`.
        var last = Reading(0)
        var history: [Reading] = []
        let queue = DispatchQueue(label: "busy.leaky")
        let source: DispatchSourceTimer
        private var count = 0

        init() { source = DispatchSource.makeTimerSource(queue: queue) }

        func start() {
            BusyTypes.run(source) { self.tick() }
        }

        func tick() {
            count += 1
            last = Reading(count)
            history = Array(history.suffix(7)) + [last]
            BusyTypes.replaced()
        }
    }

    /// A model that swaps `current` and `previous` under its own `NSLock`, from two sources.
    final class Model: @unchecked Sendable {
        // Guarded by `lock`.
        var current = Reading(0)
        var previous: Reading?
        var recent: [Reading] = []
        let lock = NSLock()
        let sources = [
            DispatchSource.makeTimerSource(queue: DispatchQueue(label: "busy.model.a")),
            DispatchSource.makeTimerSource(queue: DispatchQueue(label: "busy.model.b")),
        ]

        func start() {
            for source in sources {
                BusyTypes.run(source) { [weak self] in self?.swap() }
            }
        }

        func swap() {
            lock.lock()
            defer { lock.unlock() }
            previous = current
            current = Reading(current.value + 1)
            recent = [current] + recent.prefix(3)
            BusyTypes.replaced()
        }

        deinit { sources.forEach { $0.cancel() } }
    }

    /// A cache whose task replaces `entry`, `entries["now"]` and `keys` on every turn, cancelled in `deinit`.
    final class Cache: @unchecked Sendable {
        // Written and read only inside `task`.
        var entry = Reading(0)
        var entries: [String: Reading] = [:]
        var keys: Set<String> = []
        // `state` is its own lock's.
        let state = Mutex<[String: Reading]>([:])
        var task: Task<Void, Never>?

        func start() {
            task = Task { [weak self] in
                var turn = 0
                while !Task.isCancelled {
                    turn += 1
                    guard let self else { return }
                    self.refresh(turn)
                    try? await Task.sleep(for: .microseconds(50))
                }
            }
        }

        private func refresh(_ turn: Int) {
            entry = Reading(turn)
            entries["now"] = entry
            keys = ["turn \(turn) of a key long enough to need the heap"]
            state.withLock { $0["now"] = Reading(turn) }
            BusyTypes.replaced()
        }

        deinit { task?.cancel() }
    }

    /// A debouncer that replaces its own work item and its own timer source on every tick, on
    /// its own queue: the holders a check stops change under it.
    final class Debouncer: @unchecked Sendable {
        // Written and read only on `queue`.
        var pending: DispatchWorkItem?
        var timer: DispatchSourceTimer?
        let queue = DispatchQueue(label: "busy.debouncer")
        let clock: DispatchSourceTimer
        private var fired = 0

        init() { clock = DispatchSource.makeTimerSource(queue: queue) }

        func start() {
            BusyTypes.run(clock) { [weak self] in self?.bounce() }
        }

        func bounce() {
            pending?.cancel()
            let item = DispatchWorkItem { [weak self] in self?.fired += 1 }
            pending = item
            queue.asyncAfter(deadline: .now() + .milliseconds(5), execute: item)
            timer?.cancel()
            let next = DispatchSource.makeTimerSource(queue: queue)
            next.setEventHandler { [weak self] in self?.fired += 1 }
            next.schedule(deadline: .now() + .milliseconds(5))
            next.activate()
            timer = next
            BusyTypes.replaced()
        }

        deinit {
            clock.cancel()
            timer?.cancel()
            pending?.cancel()
        }
    }

    /// A poller that replaces its own Foundation `Timer` from the timer's block on every tick, on
    /// the run loop it was started on (the check's): the holder the check watches is a new one
    /// each time.
    final class Rescheduler: @unchecked Sendable {
        // Written and read only on the thread whose run loop it was started on.
        var timer: Timer?
        var lines: [String] = []

        func start() { schedule() }

        private func schedule() {
            let next = Timer(timeInterval: 0.000_1, repeats: false) { [weak self] _ in self?.schedule() }
            RunLoop.current.add(next, forMode: .default)
            timer?.invalidate()
            timer = next
            lines = Array(lines.suffix(3)) + ["rescheduled, in a line long enough for the heap"]
            BusyTypes.replaced()
        }

        deinit { timer?.invalidate() }
    }

    /// A main-actor view model whose task, on the main actor, replaces its rows and title on
    /// every turn, cancelled in `deinit`.
    @MainActor final class Board {
        var rows: [Reading] = []
        var title = ""
        var byID: [Int: Reading] = [:]
        var task: Task<Void, Never>?

        func start() {
            task = Task { [weak self] in
                var turn = 0
                while !Task.isCancelled {
                    turn += 1
                    guard let self else { return }
                    self.rows = [Reading(turn)] + self.rows.prefix(3)
                    self.title = "board at turn \(turn), long enough to need the heap"
                    self.byID[turn % 4] = self.rows[0]
                    BusyTypes.replaced()
                    try? await Task.sleep(for: .microseconds(50))
                }
            }
        }

        isolated deinit { task?.cancel() }
    }

    /// A gearbox that makes a new gear every 100 µs on its queue and keeps the last 16 (or
    /// `keeps`), each of the same class: freed when released. The allocator gives a new gear the place a freed
    /// one had, its own box's or, from the same worker thread, another box's: a successor at a
    /// gear's address must never be taken for the checked box's part (issue 66, item 7).
    final class Gearbox: @unchecked Sendable {
        final class Gear: Sendable {
            let teeth: Int
            init(_ teeth: Int) { self.teeth = teeth }
        }

        // Written and read only on `queue`.
        var gears: [Gear] = []
        let queue = DispatchQueue(label: "busy.gearbox")
        let source: DispatchSourceTimer
        /// How many gears it keeps: a bystander's are kept long enough to outlive a check.
        let keeps: Int
        private var count = 0

        init(keeps: Int = 16) {
            self.keeps = keeps
            source = DispatchSource.makeTimerSource(queue: queue)
        }

        func start() {
            source.setEventHandler { [weak self] in self?.swap() }
            source.schedule(deadline: .now(), repeating: .microseconds(100))
            source.activate()
        }

        func swap() {
            count += 1
            gears = Array(gears.suffix(keeps - 1)) + [Gear(count)]
            BusyTypes.replaced()
        }

        deinit { source.cancel() }
    }
}
