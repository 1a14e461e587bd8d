import Foundation

/// For a leaked user's type: stops what the harness found in it, one at a time, in the order
/// that frees the owner soonest (`stopOrder`), and watches whether the owner goes after each
/// stop; the first stop that frees it names the culprit.
///
/// Each stop is made on the run's thread (where the type's run-loop timers were scheduled), then
/// the run loop and the queue are given their turn and a cancelled task the time to return, so
/// "stopping X freed it" is the stop's effect, not the next one's.
struct CulpritSearch {
    /// The handles it stopped, in order.
    private(set) var stopped: [HolderHandle] = []
    /// The property paths it stopped, in order.
    var tried: [String] { stopped.compactMap(\.path) }
    /// The stop that freed the owner, if one did.
    private(set) var culprit: Culprit?
    /// The controls silent after a stop that did not free the owner, where the search ended:
    /// "stopping it freed nothing" would rest on machinery not seen working, so it is not said
    /// (the run reports the silent control instead); empty when every stop was judged.
    private(set) var silentControls: [Control] = []

    /// No search: a freed owner, or a catalog scenario (its clean-up stops everything at once).
    init() {}

    /// Searches, bounded in all by `RunSettings.spinSampleLimit` (a user's type has no spin
    /// sample), stopping nothing `sparing` tells to leave.
    init(_ run: LiveRun, settings: RunSettings, sparing: (HolderHandle) -> Bool = { _ in false }) {
        let limit = Deadline.after(RunSettings.spinSampleLimit)
        let stillGoing = run.probe.timers.filter { $0.path != nil && $0.mayStop && !$0.isStopped && !sparing($0) }
        for group in Self.groups(Self.inStopOrder(stillGoing)) {
            guard ContinuousClock.now < limit else { break }
            let stoppedNow = group.filter(run.stopHoldingOwner)
            guard let first = stoppedNow.first, let path = first.path else { continue }
            stopped += stoppedNow
            switch Self.awaitFreed(run, after: stoppedNow, settings: settings, limit: limit) {
            case .freed:
                culprit = Culprit(path: path, kind: first.kind, group: stoppedNow.count > 1 ? stoppedNow.compactMap(\.path) : [])
                return
            case .unjudged(let silent):
                silentControls = silent
                return
            case .freedNothing:
                continue
            }
        }
    }

    /// What came of one stop.
    private enum AfterStop {
        /// The owner went.
        case freed
        /// It did not, and the controls ticked after the stop (or the search's own bound cut the
        /// wait short): "stopping it freed nothing".
        case freedNothing
        /// It did not, and these controls stayed silent for the whole control limit: nothing is said.
        case unjudged([Control])
    }

    /// `handles`, in order, as the stops to make: one handle each, except a run of more than
    /// `Culprit.groupAbove` of one kind in one collection (`sources[0]`, `sources[1]`…), which is one stop.
    static func groups(_ handles: [HolderHandle]) -> [[HolderHandle]] {
        var runs: [[HolderHandle]] = []
        for handle in handles {
            if let last = runs.last?.last, last.kind == handle.kind, let base = Culprit.collection(of: handle.path),
                base == Culprit.collection(of: last.path)
            {
                runs[runs.count - 1].append(handle)
            } else {
                runs.append([handle])
            }
        }
        return runs.flatMap { $0.count > Culprit.groupAbove ? [$0] : $0.map { [$0] } }
    }

    /// The kinds in the order their stop takes effect: an observer's removal and a timer's
    /// invalidation at once, on this thread; a source's cancel on its queue's next turn; a work
    /// item's cancel only once its queue drops it; a task's cancel once its body gets a thread
    /// and returns. Within a kind, the order found.
    static let stopOrder: [ObjectKind] = [.notificationObserver, .timer, .dispatchSourceTimer, .workItem, .task]

    /// `handles`, sorted by `stopOrder`, keeping the order found within a kind.
    static func inStopOrder(_ handles: [HolderHandle]) -> [HolderHandle] {
        let rank = { (handle: HolderHandle) in stopOrder.firstIndex(of: handle.kind) ?? stopOrder.count }
        return handles.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// Runs the run loop until the owner is freed, or the stop has taken effect, a few intervals
    /// have passed and the controls have ticked since the stop; returns what came of the stop.
    /// "Stopping it freed nothing" rests on machinery seen working after the stop: on a machine
    /// whose dispatch threads other work holds, a cancelled source's handler is released late,
    /// and so is every control's tick.
    ///
    /// A cancelled task whose body has not returned is waited for until the task limit, and past
    /// it only once the controls have ticked since the stop: "stopping it freed nothing" then
    /// rests on machinery seen working, not on an executor that gave the task no thread (bounded
    /// by the control limit).
    private static func awaitFreed(_ run: LiveRun, after handles: [HolderHandle], settings: RunSettings, limit: ContinuousClock.Instant)
        -> AfterStop
    {
        let stop = ContinuousClock.now
        let quiet = Deadline.after(max(settings.settleLimit, 3 * settings.interval))
        let taskLimit = min(Deadline.after(RunSettings.taskSettleLimit), limit)
        let controlLimit = min(Deadline.after(RunSettings.controlLimit), limit)
        let machineryWorked = { run.controls.silent(since: stop + .seconds(settings.interval)).isEmpty }
        run.driver.run(
            until: {
                let now = ContinuousClock.now
                let settled = now >= taskLimit || (now >= quiet && !handles.contains(where: \.isCancelledButRunning))
                return run.ownerFreed || (settled && machineryWorked())
            },
            deadline: max(taskLimit, controlLimit),
            afterEachSlice: { _ = run.settle() })
        if run.ownerFreed { return .freed }
        // Silent for the whole control limit, not cut short by the search's own bound.
        let silent = run.controls.controls(.afterStop, since: stop + .seconds(settings.interval)).filter { !$0.seen }
        let waitedOut = ContinuousClock.now >= stop + .seconds(RunSettings.controlLimit)
        return silent.isEmpty || !waitedOut ? .freedNothing : .unjudged(silent)
    }
}
