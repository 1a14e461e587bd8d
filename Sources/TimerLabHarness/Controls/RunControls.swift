import CoreFoundation
import Dispatch
import Foundation
import Synchronization

/// The positive controls of one run: the machinery a timer needs, seen working beside the subject.
///
/// "The timer never fired" or "nothing ticked after release" is an observation only if the
/// machinery that would have fired it was working at the time: the run's run loop in its mode,
/// the run's dispatch queue (which needs a worker thread), or Swift's global executor (which
/// needs one too), whichever the subject's timer fires on. Each control is a tiny repeating
/// timer of the run's own interval on one of them; the harness waits, bounded, until every
/// control has ticked after the moment a negative claim starts from, and reports an error of the
/// tool instead of a verdict when one never does.
final class RunControls: Sendable {
    /// What one control has shown: how often it ticked since it started, and when it last did.
    private struct Tally {
        var count = 0
        var last: ContinuousClock.Instant?
    }

    /// Each control's tally, in the order of `machinery`, updated under one lock per tick. An
    /// array, not a dictionary: a dictionary's first use looks up `Hashable` at run time, and its
    /// last release did again, 0.4 ms at the end of every run (`perf`).
    private let tallies: Mutex<[Tally]>
    /// Cancels the executor's control. A closure, not the `Task`: a stored `Task<Void, Never>`
    /// is released through its type's metadata, made at run time on first use with a lookup of
    /// `Never: Error` that cost 0.2 ms at the end of every run (`perf`).
    private let cancelExecutorLoop = Mutex<(@Sendable () -> Void)?>(nil)
    // Touched only on the run's own thread (created, invalidated there), like the run loop it is on.
    nonisolated(unsafe) private var runLoopTimer: CFRunLoopTimer?
    // A dispatch source is thread-safe; Linux's Dispatch does not say so to the compiler.
    nonisolated(unsafe) private var source: DispatchSourceTimer?
    /// The machinery watched: the subject's.
    let machinery: [Control.What]

    /// Starts a control on each piece of `machinery`: a CoreFoundation timer on the current
    /// thread's run loop in `mode`, a dispatch timer on `queue`, a task loop on the global executor.
    ///
    /// The run loop control is a plain `CFRunLoopTimer`, not a `Timer`: Linux Foundation never
    /// frees a `Timer`, and a control must not leave anything behind.
    init(mode: RunLoop.Mode, queue: DispatchQueue, interval: TimeInterval, machinery: [Control.What]) {
        self.machinery = machinery
        tallies = Mutex(Array(repeating: Tally(), count: machinery.count))
        if machinery.contains(.runLoop) { startRunLoopControl(mode: mode, interval: interval) }
        if machinery.contains(.queue) { startQueueControl(queue, interval: interval) }
        if machinery.contains(.executor) { startExecutorControl(interval: interval) }
    }

    private func startRunLoopControl(mode: RunLoop.Mode, interval: TimeInterval) {
        let timer = CFRunLoopTimerCreateWithHandler(
            kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + interval, interval, 0, 0
        ) { [weak self] _ in self?.record(.runLoop) }
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, mode.cfMode)
        runLoopTimer = timer
    }

    private func startQueueControl(_ queue: DispatchQueue, interval: TimeInterval) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        let period = DispatchTimeInterval(seconds: interval)
        source.schedule(deadline: .now() + period, repeating: period)
        source.setEventHandler { [weak self] in self?.record(.queue) }
        source.resume()
        self.source = source
    }

    /// The executor's control ticks on a schedule, as the run loop's and the queue's repeating
    /// timers do: a loop that slept an interval after each tick would drift later by its own work
    /// (0.1 to 0.2 ms a tick here), and every wait for a tick after some instant would wait that
    /// drift out. A tick missed on a busy machine is skipped, not made up in a burst: a count of
    /// ticks is a count of times the executor was there to run one.
    private func startExecutorControl(interval: TimeInterval) {
        let period = Duration.seconds(interval)
        let loop = Task.detached { [weak self] in
            var due = ContinuousClock.now + period
            while !Task.isCancelled {
                try? await Task.sleep(until: due, clock: .continuous)
                self?.record(.executor)
                let now = ContinuousClock.now
                while due <= now { due += period }
            }
        }
        cancelExecutorLoop.withLock { $0 = { loop.cancel() } }
    }

    private func record(_ control: Control.What) {
        let now = ContinuousClock.now
        guard let index = machinery.firstIndex(of: control) else { return }
        tallies.withLock {
            $0[index].count += 1
            $0[index].last = now
        }
    }

    /// Whether every control has ticked at least `ticks` times since it started: the machinery
    /// had time to fire a subject of the same interval that often.
    func everyOneTicked(_ ticks: Int) -> Bool {
        tallies.withLock { $0.allSatisfy { $0.count >= ticks } }
    }

    /// The machinery whose control has not ticked since `instant`.
    func silent(since instant: ContinuousClock.Instant) -> [Control.What] {
        let tallies = tallies.withLock { $0 }
        return zip(machinery, tallies).filter { $1.last.map { $0 < instant } ?? true }.map(\.0)
    }

    /// The controls of `phase`, each seen if it ticked since `instant`.
    func controls(_ phase: Control.Phase, since instant: ContinuousClock.Instant) -> [Control] {
        let silent = silent(since: instant)
        return machinery.map { Control(what: $0, phase: phase, seen: !silent.contains($0)) }
    }

    /// Stops every control it started; called on the run's thread, at the end of the run.
    func stop() {
        if let runLoopTimer { CFRunLoopTimerInvalidate(runLoopTimer) }
        runLoopTimer = nil
        source?.cancel()
        source = nil
        cancelExecutorLoop.withLock { $0?() }
    }
}
