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
    /// For an owner on an actor: after each slice, the actor is asked to pass the run loops
    /// the owner's timers went on, which this thread cannot run.
    let visits: ActorVisits?
    /// Told after each slice: the subject's sign of life (`Subject.onSlice`).
    let onSlice: (@Sendable () -> Void)?

    /// A driver for `mode`, slicing finely enough for `interval`.
    init(mode: RunLoop.Mode, interval: TimeInterval, visits: ActorVisits? = nil, onSlice: (@Sendable () -> Void)? = nil) {
        self.mode = mode
        self.visits = visits
        self.onSlice = onSlice
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
            visits?.askForPass()
            onSlice?()
            afterEachSlice()
        }
        return true
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
        visits?.askForPass()
    }
}
