import Dispatch
import Synchronization
import TestSupport
import TimerLabHarness

/// A positive control for "nothing more happened" on a dispatch queue: a timer of its own on the
/// same queue. Once it has fired a few more times, anything the queue would have run by then has run.
final class QueueControl: Sendable {
    private let counter = TickCounter()
    // A dispatch source is thread-safe; Linux's Dispatch does not say so to the compiler.
    nonisolated(unsafe) private let source: DispatchSourceTimer

    /// Starts firing on `queue` every `interval`.
    init(queue: DispatchQueue, interval: DispatchTimeInterval = .milliseconds(1)) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [counter] in counter.ticks.add(1, ordering: .relaxed) }
        source.resume()
    }

    /// Waits (bounded) until the control has fired `count` more times; returns whether it did.
    func passes(_ count: Int) async -> Bool {
        let start = counter.ticks.load(ordering: .relaxed)
        return await eventually { self.counter.ticks.load(ordering: .relaxed) >= start + count }
    }

    deinit {
        source.cancel()
    }
}

/// The control's count, shared with its handler.
private final class TickCounter: Sendable {
    let ticks = Atomic<Int>(0)
}
