/// What step 5 of a run reads at the end of the grace period, before clean-up changes anything.
struct ObservedFacts {
    let outcome: Outcome
    let firesBeforeRelease: Int
    let firesAfterRelease: Int
    let ownerDeinitRan: Bool
    let lifetimes: Lifetimes
    /// For each watched handle, in order: whether it was still scheduled (a task: still running).
    let scheduled: [Bool]
    private let run: LiveRun

    /// Reads the facts of `run`, whose subject registered `timers`.
    init(run: LiveRun, timers: [TimerHandle]) {
        self.run = run
        let probe = run.probe
        let intermediates = probe.intermediates
        outcome = Outcome(
            owner: run.ownerFreed ? .freed : .leaked,
            fired: probe.ticksBeforeRelease > 0,
            afterRelease: timers.contains(where: \.isScheduled) ? .running : .stopped)
        scheduled = timers.map(\.isScheduled)
        firesBeforeRelease = probe.ticksBeforeRelease
        firesAfterRelease = probe.ticksAfterRelease
        ownerDeinitRan = probe.ownerDeinitRan
        lifetimes = Lifetimes(
            owner: ObjectLifetime(kind: .owner, freed: run.ownerFreed),
            timer: timers.first.map { handle in
                ObjectLifetime(kind: handle.objectKind, freed: timers.allSatisfy { !$0.isAlive })
            },
            intermediate: probe.intermediateKind.map { kind in
                ObjectLifetime(kind: kind, freed: intermediates.allSatisfy { !$0.isAlive })
            })
    }

    /// The run's evidence, once clean-up has proved what it could.
    func evidence(controls: [Control], freedOnceStopped: Bool?, ticksAfterStop: TicksAfterStop?) -> RunEvidence {
        let probe = run.probe
        return RunEvidence(
            outcome: outcome, firesBeforeRelease: firesBeforeRelease, firesAfterRelease: firesAfterRelease,
            freedOnceStopped: freedOnceStopped, ownerDeinitRan: ownerDeinitRan, lifetimes: lifetimes,
            lateness: Lateness(instants: probe.tickInstants, start: run.start, interval: run.settings.interval),
            toleranceMs: probe.requestedTolerance * 1000, events: probe.events(since: run.start),
            omittedTickEvents: probe.omittedTickEvents, ticksAfterStop: ticksAfterStop, controls: controls,
            settings: run.settings, tickTarget: run.target)
    }
}
