import CoreFoundation
import Dispatch
import Foundation

/// One run of one scenario, from building the owner to cleaning up, on the calling thread.
///
/// The calling thread must be one this run owns: it runs that thread's run loop, and leaves
/// nothing scheduled on it when it returns.
struct ScenarioRun: Sendable {
    let scenario: Scenario
    let settings: RunSettings

    /// Builds, drives, releases, observes and cleans up; returns what it saw.
    func execute() -> Result<Observation, HarnessError> {
        let probe = Probe()
        let context = ScenarioContext(
            interval: settings.interval, probe: probe,
            queue: DispatchQueue(label: "timerlab.\(scenario.name)"))
        let driver = RunLoopDriver(mode: scenario.runLoopMode.runLoopMode, interval: settings.interval)
        let target = scenario.tickTarget(requested: settings.ticks)

        scenario.runLoopMode.prepareCurrentRunLoop()
        // A tick, on whatever thread, stops this thread's run loop so the harness sees it at once
        // (CFRunLoopStop is safe from any thread; a stop while the loop is not running only makes
        // its next run return at once).
        nonisolated(unsafe) let harnessRunLoop = CFRunLoopGetCurrent()
        probe.onTick { CFRunLoopStop(harnessRunLoop) }

        // Start: the harness holds the only strong reference from outside the scenario.
        var owner: (any ScenarioOwner)? = scenario.makeOwner(context)
        weak let watchedOwner = owner
        let watcher = StopWatcher(probe: probe)
        let start = ContinuousClock.now
        owner!.viewDidLoad()
        driver.run(
            until: { probe.ticksBeforeRelease >= target },
            deadline: Date().addingTimeInterval(settings.tickDeadline(target: target)),
            afterEachSlice: { watcher.look(acting: .timer) })

        // Release, then give the timer its grace period to show what it does without the owner.
        owner!.viewWillDisappear()
        watcher.look(acting: .owner)
        probe.markReleased()
        owner = nil
        watcher.look(acting: .owner)
        driver.run(for: settings.graceDuration, afterEachSlice: { watcher.look(acting: watcher.graceActor) })
        settle(driver, context)
        // A cancelled task's body returns once it gets a thread: wait for that, as for the queue,
        // so "stopped" does not depend on how busy the machine is. A loop nobody cancelled is
        // not waited for: it is running.
        driver.run(
            until: { !probe.timers.contains(where: \.isCancelledButRunning) },
            deadline: Date().addingTimeInterval(RunSettings.taskSettleLimit),
            afterEachSlice: { watcher.look(acting: watcher.graceActor) })
        watcher.look(acting: watcher.graceActor)
        probe.record(.graceEnd)

        let timers = probe.timers
        if timers.isEmpty {
            return .failure(.didNotStart(scenario: scenario.name))
        }
        let intermediates = probe.intermediates
        let ownerFreed = watchedOwner == nil
        let outcome = Outcome(
            owner: ownerFreed ? .freed : .leaked,
            fired: probe.ticksBeforeRelease > 0,
            afterRelease: timers.contains(where: \.isScheduled) ? .running : .stopped)
        let lifetimes = Lifetimes(
            owner: ObjectLifetime(kind: "owner", freed: ownerFreed),
            timer: timers.first.map { handle in
                ObjectLifetime(kind: handle.objectName, freed: timers.allSatisfy { !$0.isAlive })
            },
            intermediate: intermediates.first.map { witness in
                ObjectLifetime(kind: witness.name, freed: intermediates.allSatisfy { !$0.isAlive })
            })
        let observed = (
            before: probe.ticksBeforeRelease, after: probe.ticksAfterRelease, deinitRan: probe.ownerDeinitRan)

        // Clean up, so nothing bleeds into the next run; a leaked owner freed by this is the proof
        // that its timer was what held it.
        let stoppedAny = timers.map(watcher.stopForCleanUp).contains(true)
        watcher.look(acting: .harness)
        var freedOnceStopped: Bool?
        var afterStop: TicksAfterStop?
        if !ownerFreed {
            settle(driver, context)
            watcher.look(acting: .harness)
            if stoppedAny {
                // Cancelling a source or a task lets go of the owner asynchronously: poll, bounded.
                // A loop that cancelling cannot end is measured over a sample, then parked, so it
                // never holds a thread for the whole wait.
                let limit = Date().addingTimeInterval(settings.settleLimit)
                let taskLimit = Date().addingTimeInterval(RunSettings.taskSettleLimit)
                while watchedOwner != nil, !probe.spinSampled {
                    // A cancelled task needs a thread of the global executor to return (or to show
                    // that it spins), which on a loaded machine can take a while: wait longer for it.
                    let waitingForATask = probe.timers.contains(where: \.isCancelledButRunning)
                    if Date() >= (waitingForATask ? taskLimit : limit) { break }
                    driver.run(for: driver.slice)
                    settle(driver, context)
                    watcher.look(acting: .harness)
                }
                afterStop = probe.ticksAfterStop()
            }
            freedOnceStopped = watchedOwner == nil
        }
        probe.record(.cleanup)
        // From here a concurrency loop that outlived its observation parks at its next tick.
        probe.close()

        return .success(Observation(
            scenario: scenario, settings: settings, outcome: outcome,
            firesBeforeRelease: observed.before, firesAfterRelease: observed.after,
            freedOnceStopped: freedOnceStopped, ownerDeinitRan: observed.deinitRan, lifetimes: lifetimes,
            lateness: Lateness(instants: probe.tickInstants, start: start, interval: settings.interval),
            toleranceMs: probe.requestedTolerance * 1000, events: probe.events(since: start),
            omittedTickEvents: probe.omittedTickEvents, ticksAfterStop: afterStop))
    }

    /// Lets everything already due finish: a last run loop pass, then a barrier on the scenario's queue.
    ///
    /// A handler running on the queue when the owner is released holds it for a moment; the
    /// barrier waits for it, so "freed" never depends on how busy the machine is.
    private func settle(_ driver: RunLoopDriver, _ context: ScenarioContext) {
        driver.finalPass()
        context.queue.sync {}
    }
}
