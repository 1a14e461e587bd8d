import Dispatch
import Foundation
import Synchronization

/// Ordinary, race-free types whose handlers replace part of their own state on every tick, each
/// only on its own serial queue, under its own lock, or inside its own task: what a check must
/// read without racing (issue #59). Each writes every `period`; none is ever touched by a test
/// but through its own methods.
enum BusyTypes {
    /// How often each handler replaces its state: 50 µs, faster than any walk reads.
    static let period: DispatchTimeInterval = .microseconds(50)

    /// A reading, replaced whole on each tick.
    final class Reading: Sendable {
        let value: Int
        let label: String
        init(_ value: Int) {
            self.value = value
            label = "reading \(value)"
        }
    }

    /// A sensor that replaces `last`, `history` and `byName` on its source's serial queue, freed
    /// when released: its handler takes it weakly and `deinit` cancels the source.
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
            source.setEventHandler { [weak self] in self?.tick() }
            source.schedule(deadline: .now(), repeating: BusyTypes.period)
            source.activate()
        }

        func tick() {
            count += 1
            last = Reading(count)
            history = Array(history.suffix(7)) + [last]
            byName["latest"] = last
            note = "tick \(count) of a long enough note to need the heap"
        }

        deinit { source.cancel() }
    }

    /// The same sensor, whose handler captures it strongly: it leaks through its source.
    final class LeakySensor: @unchecked Sendable {
        var last = Reading(0)
        var history: [Reading] = []
        let queue = DispatchQueue(label: "busy.leaky")
        let source: DispatchSourceTimer
        private var count = 0

        init() { source = DispatchSource.makeTimerSource(queue: queue) }

        func start() {
            source.setEventHandler { self.tick() }
            source.schedule(deadline: .now(), repeating: BusyTypes.period)
            source.activate()
        }

        func tick() {
            count += 1
            last = Reading(count)
            history = Array(history.suffix(7)) + [last]
        }

        /// Ends the leak once the test is done with it, as the app never does.
        func shutDown() { source.cancel() }
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
                source.setEventHandler { [weak self] in self?.swap() }
                source.schedule(deadline: .now(), repeating: BusyTypes.period)
                source.activate()
            }
        }

        func swap() {
            lock.lock()
            defer { lock.unlock() }
            previous = current
            current = Reading(current.value + 1)
            recent = [current] + recent.prefix(3)
        }

        deinit { sources.forEach { $0.cancel() } }
    }

    /// A cache whose task replaces `entry` and `entries["now"]` on every turn, cancelled in `deinit`.
    final class Cache: @unchecked Sendable {
        // Written and read only inside `task`, through `state`'s lock.
        let state = Mutex<[String: Reading]>([:])
        var entry = Reading(0)
        var task: Task<Void, Never>?

        func start() {
            task = Task { [weak self] in
                var turn = 0
                while !Task.isCancelled {
                    turn += 1
                    guard let self else { return }
                    self.entry = Reading(turn)
                    self.state.withLock { $0["now"] = Reading(turn) }
                    try? await Task.sleep(for: .microseconds(50))
                }
            }
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
            clock.setEventHandler { [weak self] in self?.bounce() }
            clock.schedule(deadline: .now(), repeating: BusyTypes.period)
            clock.activate()
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
        }

        deinit {
            clock.cancel()
            timer?.cancel()
            pending?.cancel()
        }
    }
}
