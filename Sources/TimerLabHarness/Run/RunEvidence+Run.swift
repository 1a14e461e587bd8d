extension RunEvidence {
    /// Step 5: the facts of `run` at the end of the grace period, before clean-up changes
    /// anything. What clean-up proves is added to the same evidence by `recordCleanUp`.
    init(observing run: LiveRun) {
        let probe = run.probe
        let timers = probe.timers
        let intermediates = probe.intermediates
        let helperFreed = probe.helper.map { !$0.isAlive }
        self.init(
            outcome: Outcome(
                owner: run.ownerFreed ? .freed : .leaked,
                fired: probe.ticksBeforeRelease > 0,
                afterRelease: timers.contains(where: \.isScheduled) ? .running : .stopped,
                helper: helperFreed.map { $0 ? .freed : .leaked }),
            ticksBeforeRelease: probe.ticksBeforeRelease, ticksAfterRelease: probe.ticksAfterRelease,
            freedOnceStopped: nil, ownerDeinitRan: probe.ownerDeinitRan,
            lifetimes: Lifetimes(
                owner: ObjectLifetime(kind: .owner, freed: run.ownerFreed),
                timer: timers.first.map { handle in
                    ObjectLifetime(kind: handle.objectKind, freed: timers.allSatisfy { !$0.isAlive })
                },
                intermediate: probe.intermediateKind.map { kind in
                    ObjectLifetime(kind: kind, freed: intermediates.allSatisfy { !$0.isAlive })
                },
                helper: helperFreed.map { ObjectLifetime(kind: .helper, freed: $0) }),
            settings: run.settings, tickTarget: run.target)
        watched = timers.map {
            HolderRecord(
                path: $0.path, kind: $0.kind, goingAfterRelease: $0.isScheduled, goingAtRelease: $0.scheduledAtRelease,
                shape: $0.shape, overdueAfterRelease: $0.overdueNow, catchUpSkipped: $0.catchUpSkipped,
                keptElsewhere: $0.keptElsewhere)
        }
        timerScheduledByStart = run.timerScheduledByStart
    }

    /// Step 6's part: what clean-up proved, the controls of every phase, and the run's record
    /// (events, lateness), read once clean-up is over.
    mutating func recordCleanUp(_ cleanUp: SubjectRun.CleanUp, controls: [Control], run: LiveRun) {
        let probe = run.probe
        self.controls = controls
        freedOnceStopped = cleanUp.freedOnceStopped
        ticksAfterStop = cleanUp.ticksAfterStop
        (culprit, stopsTried) = (cleanUp.culprit, cleanUp.stopsTried)
        for (index, handle) in probe.timers.prefix(watched.count).enumerated() {
            watched[index].wasSuspended = handle.wasSuspended
        }
        lateness = Lateness(instants: probe.tickInstants, start: run.start, interval: run.settings.interval)
        toleranceMs = probe.requestedTolerance * 1000
        events = probe.events(since: run.start)
        omittedTickEvents = probe.omittedTickEvents
    }
}
