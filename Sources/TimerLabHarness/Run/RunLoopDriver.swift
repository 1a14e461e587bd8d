import CoreFoundation
import Foundation

/// Runs the current thread's run loop in short slices, so the harness can look between them.
///
/// `RunLoop.run(mode:before:)` does not return after a timer fires; it runs to its date. So a
/// tick stops the harness's run loop (`wakeOnTick`), and otherwise the harness looks between
/// slices of one interval (20 ms at most): often enough to see stops, rarely enough that dozens of
/// runs side by side leave the CPU to the threads that fire the timers and run the tasks.
struct RunLoopDriver {
    /// The mode to run in.
    let mode: RunLoop.Mode
    /// The longest slice, in seconds.
    let slice: TimeInterval

    /// A driver for `mode`, slicing finely enough for `interval`.
    init(mode: RunLoop.Mode, interval: TimeInterval) {
        self.mode = mode
        self.slice = max(0.0005, min(interval, 0.02))
    }

    /// Runs until `isDone()` holds or `deadline` passes; returns whether `isDone()` held.
    /// `afterEachSlice` runs between slices, where the harness looks at what changed.
    ///
    /// Deadlines are on the monotonic clock; the run loop takes a `Date`, so each slice's end is
    /// made from the monotonic time left, never from the wall clock.
    @discardableResult
    func run(until isDone: () -> Bool, deadline: ContinuousClock.Instant, afterEachSlice: () -> Void = {}) -> Bool {
        while !isDone() {
            let now = ContinuousClock.now
            if now >= deadline { return false }
            let length = min(Duration.seconds(slice), now.duration(to: deadline)).seconds
            if !RunLoop.current.run(mode: mode, before: Date(timeIntervalSinceNow: length)) {
                // Nothing is scheduled in this mode, so the run loop returns at once: wait the slice out.
                Thread.sleep(forTimeInterval: length)
            }
            Heartbeat.beat()
            afterEachSlice()
        }
        return true
    }

    /// A function any thread may call to end at once the slice this thread's run loop is running
    /// (the driver's thread's: call this there), or, between slices, the next one.
    ///
    /// `CFRunLoopStop` alone is lost when the loop is between two slices: CoreFoundation keeps a
    /// stop only for the run under way, and the harness then waited out a whole slice (one settle
    /// in 21 waited 10 ms). A block performed in the driver's mode waits for the loop to run
    /// there and stops it from inside, so a wake-up is never lost; at worst it ends a slice that
    /// had nothing more to wait for, and the harness looks again.
    func wakeUp() -> @Sendable () -> Void {
        // CFRunLoop is thread-safe; the Linux overlay does not say so to the compiler.
        nonisolated(unsafe) let loop = CFRunLoopGetCurrent()
        nonisolated(unsafe) let mode = self.mode.cfMode
        // The performed block runs only while the loop runs, so it needs no reference of its
        // own; one would make a cycle with the loop that keeps it, were it never run.
        nonisolated(unsafe) let unretained = Unmanaged.passUnretained(loop!)
        return {
            CFRunLoopPerformBlock(loop, mode) { CFRunLoopStop(unretained.takeUnretainedValue()) }
            CFRunLoopWakeUp(loop)
        }
    }

    /// Runs for `duration` seconds.
    func run(for duration: TimeInterval, afterEachSlice: () -> Void = {}) {
        run(until: { false }, deadline: Deadline.after(duration), afterEachSlice: afterEachSlice)
    }

    /// One pass that does not wait: services whatever became due while this thread was not running.
    ///
    /// On a loaded machine the harness may wake after a deadline without the run loop having had
    /// its turn; this pass gives every timer that fell due by then the chance to fire.
    func finalPass() {
        _ = RunLoop.current.run(mode: mode, before: .distantPast)
    }
}
