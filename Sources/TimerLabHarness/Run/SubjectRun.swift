import Foundation

/// One run of one subject, in the steps the README's "How a lifetime is observed" names.
///
/// The calling thread must be one this run owns: it runs that thread's run loop, and leaves
/// nothing scheduled on it when it returns.
struct SubjectRun: Sendable {
    let subject: Subject
    let settings: RunSettings

    /// Runs every step and returns what it observed, or why there is no observation.
    func execute() -> Result<RunEvidence, HarnessError> {
        let run = LiveRun(subject: subject, settings: settings)  // 1. build and start
        defer { run.finish() }
        if run.ownerSideRefused { return .failure(actorNotFree) }
        let tickControls = waitForTicks(run)  // 2. wait for the ticks
        release(run)  // 3. release
        if run.ownerSideRefused { return .failure(actorNotFree) }
        let graceControls = watchGrace(run)  // 4. grace
        if let unseen = (tickControls + graceControls).first(where: { !$0.seen }) {
            return .failure(.controlFailed(subject: subject.name, control: unseen))
        }
        guard var evidence = observe(run) else {  // 5. observe
            return .failure(.didNotStart(subject: subject.name))
        }
        waitOutPatience(run, &evidence)  // 5b. patience, for a user's type still alive
        // 6. clean up and find the culprit
        let cleanUp = cleanUpAndFindCulprit(
            run, ownerFreed: evidence.owner == .freed, heldFromOutside: !evidence.closures.heldFrom.isEmpty,
            innocent: Set(evidence.closures.innocentHolders))
        if let unseen = cleanUp.controls.first(where: { !$0.seen }) {
            return .failure(.controlFailed(subject: subject.name, control: unseen))
        }
        evidence.recordCleanUp(cleanUp, controls: tickControls + graceControls + cleanUp.controls, run: run)
        return .success(evidence)
    }

    /// Why a run whose owner lives on an actor has no observation: the actor was not free.
    private var actorNotFree: HarnessError {
        .couldNotStart(
            subject: subject.name,
            reason: "its actor was busy for \(Int(RunSettings.actorLimit)) s when the check needed it to touch the object")
    }

    /// Step 2: runs the run loop until the owner has ticked `target` times, or the tick deadline
    /// has passed and every control has ticked twice as often as the owner was asked to (so a
    /// loaded machine stretches the wait instead of cutting the count), bounded by one control
    /// limit more. A subject that never ticked gets the before-release controls: "never fired" is
    /// said only if the run loop, the queue and the executor were seen working meanwhile.
    func waitForTicks(_ run: LiveRun) -> [Control] {
        guard subject.kind == .instrumented else {
            // A user's type: exactly `ticks` intervals, as asked; no "never fired" is claimed.
            run.driver.run(for: Double(run.target) * settings.interval, afterEachSlice: { run.watcher.look(acting: .timer) })
            return []
        }
        let deadline = Deadline.after(settings.tickDeadline(target: run.target))
        run.driver.run(
            until: {
                run.probe.ticksBeforeRelease >= run.target
                    || (ContinuousClock.now >= deadline && run.controls.everyOneTicked(2 * run.target))
            },
            deadline: deadline + .seconds(RunSettings.controlLimit),
            afterEachSlice: { run.watcher.look(acting: .timer) })
        guard run.probe.ticksBeforeRelease == 0 else { return [] }
        return run.awaitControls(.beforeRelease, since: run.start, acting: .timer)
    }

    /// Step 3: tells the owner it is going, then drops the harness's reference.
    func release(_ run: LiveRun) {
        run.onOwnerSide { run.owner?.willRelease() }
        run.watcher.look(acting: .owner)
        // A work item `start` performed is told so by a notification that may still be queued
        // (libdispatch queues it as soon as `notify` meets a block that ran). One not let in
        // within the bound leaves its work item's state at release unknown, never "going".
        HolderHandle.noteStatesAtRelease(of: run.probe.timers) { HolderHandle.letInWorkItemNotifications() }
        run.probe.markReleased()
        run.released = .now
        run.dropOwner()
        run.watcher.look(acting: .owner)
    }

    /// Step 4: keeps the run loop going for the grace period, lets what fell due finish, waits
    /// (bounded) for cancelled tasks to return, and for every control to tick after release.
    func watchGrace(_ run: LiveRun) -> [Control] {
        let look = { run.watcher.look(acting: run.watcher.graceStopper) }
        run.driver.run(for: settings.graceDuration, afterEachSlice: look)
        run.settle()
        // A cancelled task's body returns once it gets a thread: wait for that, as for the queue,
        // so "stopped" does not depend on how busy the machine is. A loop nobody cancelled is
        // not waited for: it is running.
        run.driver.run(
            until: { !run.probe.timers.contains(where: \.isCancelledButRunning) },
            deadline: Deadline.after(RunSettings.taskSettleLimit), afterEachSlice: look)
        // The owner's fate is the grace period's: one that goes while the controls are awaited
        // (seconds, on a machine whose executor threads other work holds) went late.
        run.aliveAtGraceEnd = !run.ownerFreed
        let controls = run.awaitControls(.grace, since: run.released ?? run.start, acting: run.watcher.graceStopper)
        look()
        run.probe.record(.graceEnd)
        return controls
    }

    /// Step 5: reads the three facts and their evidence at the end of the grace period; `nil` if
    /// a scenario never registered a timer, source or task (there is nothing to observe). A
    /// user's type is observed whatever it registered: its owner's fate is a fact either way.
    func observe(_ run: LiveRun) -> RunEvidence? {
        guard !run.probe.timers.isEmpty || subject.kind == .userType else { return nil }
        return RunEvidence(observing: run)
    }

    /// Step 5b: a user's type still alive at the end of the grace period is watched on, up to
    /// the patience: one that goes meanwhile was freed late (a sleeping task, a work item or a
    /// one-shot not yet due held it), and keeps the grace period's record of what was pending.
    /// One still alive after it is a leak: the stored closures that capture it are read now,
    /// before clean-up stops anything.
    func waitOutPatience(_ run: LiveRun, _ evidence: inout RunEvidence) {
        guard subject.kind == .userType else { return }
        if run.ownerFreed {
            // Alive at the grace period's end and gone once the controls were in: freed late, by
            // then at the latest. With no patience, the grace period's verdict is asked for: as
            // before, an object gone by the verdict is freed.
            if run.aliveAtGraceEnd, settings.patience > 0, let released = run.released {
                evidence.freedLate = released.duration(to: .now).seconds
            }
            return
        }
        if settings.patience > 0, nothingPending(run), let reading = readClosures(run) {
            // Nothing it stores can still let go of it, and a closure it alone keeps holds it: a
            // cycle no wait breaks. Judged now, as the patience would have judged it.
            // Only a closure its own graph alone keeps: one waiting in a shared object (a
            // library's event loop) may still be run and dropped there.
            if reading.capturing.contains(where: { $0.keptElsewhere == nil }) {
                (evidence.closures, evidence.patienceSkipped) = (reading, true)
                return
            }
        }
        if settings.patience > 0 {
            run.driver.run(
                until: { run.ownerFreed }, deadline: Deadline.after(settings.patience),
                afterEachSlice: { run.watcher.look(acting: run.watcher.graceStopper) })
            if !run.ownerFreed { run.settle() }
            if run.ownerFreed, let released = run.released {
                evidence.freedLate = released.duration(to: .now).seconds
                evidence.outcome.owner = .freed
                evidence.lifetimes.owner = ObjectLifetime(kind: .owner, freed: true)
                evidence.ownerDeinitRan = run.probe.ownerDeinitRan
                return
            }
        }
        if var reading = readClosures(run) {
            findHeldFrom(run, &reading)
            evidence.closures = reading
        }
    }

    /// Where the run would otherwise stop something of the leaked owner, searches for what holds
    /// it from outside (a stop that cannot free it would break the app's object), on this thread.
    /// A chain is believed only if the owner is still alive once it is read: an object never comes
    /// back, so its address was its own all along.
    private func findHeldFrom(_ run: LiveRun, _ reading: inout ClosureReading) {
        guard let find = subject.findHeldFrom, let tree = reading.tree,
            run.probe.timers.contains(where: { $0.path != nil && $0.mayStop && !$0.isStopped })
        else { return }
        let found = find(tree)
        guard !run.ownerFreed else { return }
        (reading.heldFrom, reading.heldFromNotRead) = found
    }

    /// The stored closures that hold the owner, read where the owner lives; `nil` if nothing is
    /// read (a scenario, or an owner gone).
    private func readClosures(_ run: LiveRun) -> ClosureReading? {
        guard let read = subject.readClosures else { return nil }
        var reading: ClosureReading?
        run.onOwnerSide {
            guard let owner = run.watchedOwner else { return }
            reading = withExtendedLifetime(owner) { read(owner) }
        }
        return reading
    }

    /// Whether nothing the owner stores may still let go of it by itself, and no timer its start
    /// scheduled is unaccounted for (one it does not store could still fire and let go).
    private func nothingPending(_ run: LiveRun) -> Bool {
        let handles = run.probe.timers
        let unstoredTimer = run.timerScheduledByStart && !handles.contains { $0.kind == .timer }
        return !unstoredTimer && !handles.contains(where: \.mayStillRelease)
    }

    /// Step 6: stops every timer still running so nothing bleeds into the next run; for a leaked
    /// owner, a stop that frees it shows the timer held it: the culprit. Of a user's type, it
    /// stops only what a leaked owner alone keeps (`HolderHandle.mayStop`), and nothing of a freed one,
    /// or of one something outside holds (`heldFromOutside`): no stop of its own can free it, and
    /// the app goes on using it; nor a source of its that holds nothing of it (`innocent`).
    func cleanUpAndFindCulprit(_ run: LiveRun, ownerFreed: Bool, heldFromOutside: Bool = false, innocent: Set<String> = []) -> CleanUp {
        let userKept = subject.kind == .userType && (ownerFreed || heldFromOutside)
        // A source whose handlers were read and hold nothing of the owner: its cancel cannot free it.
        let spared: @Sendable (HolderHandle) -> Bool = { [kind = subject.kind] handle in
            kind == .userType && handle.kind == .dispatchSourceTimer && handle.path.map(innocent.contains) == true
        }
        let search =
            ownerFreed || heldFromOutside || subject.kind == .instrumented
            ? CulpritSearch() : CulpritSearch(run, settings: settings, sparing: spared)
        // A user's freed object owned nothing still running: what runs on is someone else's
        // (a shared service's source, a timer another object keeps), and stays as it was; so
        // does everything of an object the app still keeps from outside.
        let cleansUp = !userKept
        let stopped = search.stopped + (cleansUp ? run.probe.timers.filter { !spared($0) && run.stopHoldingOwner($0) } : [])
        run.watcher.look(acting: .harness)
        var cleanUp = CleanUp()
        if !ownerFreed {
            run.settle()
            run.watcher.look(acting: .harness)
            if !stopped.isEmpty {
                cleanUp = awaitFreedOnceStopped(run, stopped: stopped)
            }
            cleanUp.freedOnceStopped = run.ownerFreed
            (cleanUp.culprit, cleanUp.stopsTried) = (search.culprit, search.tried)
            cleanUp.controls += search.silentControls
        }
        run.probe.record(.cleanup)
        return cleanUp
    }

    /// Polls, bounded, for a leaked owner to go once its timers were stopped, and measures what
    /// still ticks; the stop and the machinery after it are the controls of "stopping did not free it".
    private func awaitFreedOnceStopped(_ run: LiveRun, stopped: [HolderHandle]) -> CleanUp {
        let stopInstant = ContinuousClock.now
        let limit = Deadline.after(settings.settleLimit)
        let taskLimit = Deadline.after(RunSettings.taskSettleLimit)
        let spinLimit = Deadline.after(RunSettings.spinSampleLimit)
        // A loop that cancelling cannot end is measured over a sample, then parked, so it never
        // holds a thread for the whole wait.
        while !run.ownerFreed, !run.probe.spinSampled {
            // A cancelled task needs a thread of the global executor to return (or to show that
            // it spins), which on a loaded machine can take a while: wait longer for it, and for
            // a loop that ticks on after the stop, until its sample is complete.
            let waitingForATask = run.probe.timers.contains(where: \.isCancelledButRunning)
            let spinning = waitingForATask && (run.probe.ticksAfterStop()?.ticks ?? 0) > 0
            if ContinuousClock.now >= (spinning ? spinLimit : waitingForATask ? taskLimit : limit) { break }
            run.driver.run(for: run.driver.slice)
            // A queue that no longer drains fails its control below; waiting on it again would not help.
            guard run.settle() else { break }
            run.watcher.look(acting: .harness)
        }
        var controls = [Control(what: .stop, phase: .afterStop, seen: stopped.allSatisfy(\.isStopped))]
        if !run.ownerFreed {
            controls += run.awaitControls(.afterStop, since: stopInstant, acting: .harness)
        }
        return CleanUp(controls: controls, ticksAfterStop: run.probe.ticksAfterStop())
    }

    /// What clean-up proved.
    struct CleanUp {
        var controls: [Control] = []
        var ticksAfterStop: TicksAfterStop?
        var freedOnceStopped: Bool?
        var culprit: Culprit?
        var stopsTried: [String] = []
    }
}
