/// Notices, at the boundary where it happens, that a timer stopped or an object was freed.
///
/// Foundation's `Timer` cannot be hooked, so the harness looks right after each thing it does
/// (a run-loop slice, the owner's stop, the release, each clean-up step) and records what changed
/// then, with who was acting at that moment: within a slice before release, the timer itself (a
/// one-shot); right after `willRelease()` or the release, the owner (its stop or its
/// `deinit`); within a slice of the grace period, the intermediate if there is one; in clean-up,
/// the harness. An event's time is therefore at most one slice late.
final class StopWatcher {
    private let probe: Probe
    /// The handles whose stop is recorded. An array, not a `Set`: a run has a handful, and a
    /// set's first use looks up `Hashable` at run time, 0.3 ms of a run's clean-up (`perf`).
    private var stopped: [ObjectIdentifier] = []
    private var timersFreed = false
    private var intermediatesFreed = false
    /// Whether a look has already seen the owner's `deinit`.
    private var deinitSeen = false
    /// Whether looks count the ticks of the subject's `Timer`s: for a user's type,
    /// which does not count its own.
    private let countsTimerTicks: Bool

    init(probe: Probe, countsTimerTicks: Bool = false) {
        self.probe = probe
        self.countsTimerTicks = countsTimerTicks
    }

    /// Records every timer that stopped and every object freed since the last look.
    func look(acting stopper: RunEvent.Stopper) {
        // An owner freed after release (a handler on its queue held it a moment longer) stops
        // its timer in its deinit: a stop first seen together with that deinit is the owner's.
        let deinitJustRan = !deinitSeen && probe.ownerDeinitRan
        deinitSeen = probe.ownerDeinitRan
        let stopper = deinitJustRan && stopper != .harness ? .owner : stopper
        let timers = probe.timers
        if countsTimerTicks {
            for handle in timers {
                for _ in 0..<handle.ticksSinceLastLook() { probe.recordTick() }
            }
        }
        for handle in timers where handle.isStopped && !stopped.contains(ObjectIdentifier(handle)) {
            stopped.append(ObjectIdentifier(handle))
            probe.record(.stop, by: stopper)
        }
        if !timersFreed, !timers.isEmpty, timers.allSatisfy({ !$0.isAlive }) {
            timersFreed = true
            probe.record(.timerFreed)
        }
        let intermediates = probe.intermediates
        if !intermediatesFreed, !intermediates.isEmpty, intermediates.allSatisfy({ !$0.isAlive }) {
            intermediatesFreed = true
            probe.record(.intermediateFreed)
        }
    }

    /// Stops `handle` for the harness's clean-up, recording the stop before the release it causes.
    func stopForCleanUp(_ handle: HolderHandle) -> Bool {
        guard handle.mayStop, !handle.isStopped else { return false }
        stopped.append(ObjectIdentifier(handle))
        probe.record(.stop, by: .harness)
        probe.markStoppedByHarness()
        return handle.stopIfScheduled()
    }

    /// The stopper a stop during the grace period is credited to.
    var graceStopper: RunEvent.Stopper {
        probe.intermediates.isEmpty ? .timer : .intermediate
    }
}
