import CoreFoundation
import Dispatch
import Foundation

/// The state of one run under way: the owner, what watches it, and the run's own machinery.
///
/// It lives on the run's thread only, from `SubjectRun.buildAndStart` to the end of clean-up.
final class LiveRun {
    let subject: Subject
    let settings: RunSettings
    let probe = Probe()
    let context: RunContext
    let driver: RunLoopDriver
    let watcher: StopWatcher
    let target: Int
    /// The positive controls, started with the owner.
    let controls: RunControls
    /// The harness's only strong reference to the owner, dropped at release.
    var owner: (any RunOwner)?
    weak var watchedOwner: AnyObject?
    /// Just before the owner's `startRun()`: every event is timed from here.
    let start: ContinuousClock.Instant
    /// When the harness dropped the owner.
    var released: ContinuousClock.Instant?
    /// Whether the owner was still alive at the end of the grace period, once what fell due in it
    /// had finished, before the wait for the controls (which a busy machine can make long).
    var aliveAtGraceEnd = false

    /// Prepares the thread's run loop, builds the owner and starts it, then starts the controls.
    init(subject: Subject, settings: RunSettings) {
        self.subject = subject
        self.settings = settings
        context = RunContext(
            interval: settings.interval, probe: probe, queue: DispatchQueue(label: "timerlab.\(subject.name)"))
        driver = RunLoopDriver(
            mode: subject.runLoopMode.runLoopMode, interval: settings.interval, visits: subject.visits, onSlice: subject.onSlice)
        watcher = StopWatcher(probe: probe, countsTimerTicks: subject.kind == .userType)
        target = subject.tickTarget(requested: settings.ticks)
        subject.runLoopMode.prepareCurrentRunLoop()
        // A tick, on whatever thread, stops this thread's run loop so the harness sees it at once
        // (CFRunLoopStop is safe from any thread; a stop while the loop is between two slices is
        // lost, as CoreFoundation keeps it only for the run under way: that tick is seen at the
        // end of the next slice).
        nonisolated(unsafe) let harnessRunLoop = CFRunLoopGetCurrent()
        probe.onTick { CFRunLoopStop(harnessRunLoop) }
        let nextFireBefore = CFRunLoopGetNextTimerFireDate(CFRunLoopGetCurrent(), driver.mode.cfMode)
        start = ContinuousClock.now
        var made: (any RunOwner)?
        let context = context
        ownerSideRefused = !Self.onOwnerSide(of: subject) {
            made = subject.makeOwner(context)
            made?.startRun()
        }
        owner = made
        watchedOwner = made?.lifetimeObject
        // Before the controls add their own timer: a change in the next fire date is a timer the
        // owner scheduled on this run loop, stored or not.
        timerScheduledByStart = CFRunLoopGetNextTimerFireDate(CFRunLoopGetCurrent(), driver.mode.cfMode) != nextFireBefore
        controls = RunControls(mode: driver.mode, queue: context.queue, interval: settings.interval, machinery: subject.machinery)
    }

    /// Whether `startRun()` scheduled a timer on this thread's run loop in the run's mode, seen
    /// from CoreFoundation's next fire date (which a stored and an unstored timer change alike).
    let timerScheduledByStart: Bool

    /// Whether the owner's actor did not take up a step that touches the owner in time
    /// (`RunSettings.actorLimit`): the run has no observation.
    private(set) var ownerSideRefused: Bool

    /// Runs `body`, which touches the owner, where the owner lives: on this thread, or in a
    /// visit on its actor (`ActorVisits`), waited for. `false` if the actor did not take it up in time.
    private static func onOwnerSide(of subject: Subject, _ body: @escaping () -> Void) -> Bool {
        guard let visits = subject.visits else {
            body()
            return true
        }
        return visits.run(within: RunSettings.actorLimit, body)
    }

    /// Runs `body` where the owner lives (see `onOwnerSide(of:_:)`), noting a refusal.
    func onOwnerSide(_ body: @escaping () -> Void) {
        if !Self.onOwnerSide(of: subject, body) { ownerSideRefused = true }
    }

    /// Drops the harness's reference to the owner where the owner lives, so a `deinit` that
    /// the release runs runs there.
    func dropOwner() {
        onOwnerSide { [self] in owner = nil }
    }

    /// Whether the owner has been freed.
    var ownerFreed: Bool { watchedOwner == nil }

    /// Runs the run loop until every control has ticked since `instant` plus one interval, bounded;
    /// returns the controls of `phase` as they stand then.
    ///
    /// A control's tick one interval after `instant` means the machinery serviced everything that
    /// fell due by then, the subject's timer included, had it been alive and scheduled.
    func awaitControls(_ phase: Control.Phase, since instant: ContinuousClock.Instant, acting stopper: RunEvent.Stopper) -> [Control] {
        let after = instant + .seconds(settings.interval)
        driver.run(
            until: { controls.silent(since: after).isEmpty },
            deadline: Deadline.after(RunSettings.controlLimit),
            afterEachSlice: { watcher.look(acting: stopper) })
        return controls.controls(phase, since: after)
    }

    /// Lets everything already due finish: a last run loop pass, then a block through the run's
    /// queue, waited for with a bound (a queue with no worker thread never drains).
    ///
    /// A handler running on the queue when the owner is released holds it for a moment; waiting
    /// for the queue means "freed" never depends on how busy the machine is.
    ///
    /// An idle queue runs the block within a fraction of a millisecond, so it is first waited for
    /// directly, for at most `quickDrain`; only a busy queue is waited for between run loop
    /// slices, and its block stops the run loop, as a tick does, so that wait ends when it
    /// drains. (Waited for between slices alone, a settle took 0.21 ms, median of 21 runs, and a
    /// whole slice in one of them, whose stop came between two slices, where a stop is lost.
    /// Waited for directly first: 0.21 ms, at most 0.35, in 31 runs. A stop that is never lost,
    /// a block performed in the run loop's mode, made `check` hang under `ulimit -u 7`.)
    @discardableResult
    func settle() -> Bool {
        driver.finalPass()
        let drained = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let harnessRunLoop = CFRunLoopGetCurrent()
        context.queue.async {
            drained.signal()
            CFRunLoopStop(harnessRunLoop)
        }
        if drained.wait(timeout: .now() + Self.quickDrain) == .success { return true }
        return driver.run(
            until: { drained.wait(timeout: .now()) == .success },
            deadline: Deadline.after(RunSettings.controlLimit))
    }

    /// How long `settle` waits for the queue without running the run loop: far longer than an
    /// idle queue takes, far shorter than a slice.
    static let quickDrain = DispatchTimeInterval.microseconds(500)

    /// Stops `handle` for clean-up while holding the owner, so what the stop releases cannot run
    /// the owner's `deinit` inside the stopped machinery (a `NotificationCenter` frees an
    /// observer's block under its lock, where a `deinit` that removes an observer traps): the
    /// owner goes, if it goes, here, once the stop has returned.
    func stopHoldingOwner(_ handle: HolderHandle) -> Bool {
        var stopped = false
        onOwnerSide { [self] in
            let owner = watchedOwner
            defer { withExtendedLifetime(owner) {} }
            stopped = watcher.stopForCleanUp(handle)
        }
        return stopped
    }

    /// Ends the run: stops the controls and closes the probe, so a concurrency loop that outlived
    /// its observation parks at its next tick.
    func finish() {
        controls.stop()
        probe.close()
        LeftSuspended.sweep()
    }
}
