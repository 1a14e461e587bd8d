import Dispatch
import Foundation
import Synchronization

/// The run's notebook: owners and scenarios write into it from any thread, the harness reads it.
///
/// It never holds an owner: only counts, instants, and weak handles on timers and intermediates.
package final class Probe: Sendable {
    private struct State {
        var events: [(instant: ContinuousClock.Instant, kind: RunEvent.Kind, by: RunEvent.Stopper?)] = []
        var tickInstants: [ContinuousClock.Instant] = []
        var ticksAfterRelease = 0
        var released = false
        var ownerDeinitRan = false
        var timers: [HolderHandle] = []
        var intermediates: [LifetimeWitness] = []
        var intermediateKind: ObjectKind?
        var helper: LifetimeWitness?
        var requestedTolerance: TimeInterval = 0
        var closed = false
        var omittedTickEvents = 0
        var stoppedAt: (instant: ContinuousClock.Instant, ticks: Int)?
        var sampleEnd: ContinuousClock.Instant?
    }

    /// Ticks after the harness's stop that make a sample of a loop that cancelling cannot end;
    /// the loop is measured over these, then parked.
    static let spinSample = 10_000

    /// Tick events kept per run; more are counted but not listed (a spinning loop ticks millions
    /// of times a second).
    static let maximumTickEvents = 5_000

    private let state = Mutex(State())
    /// Called on every tick before release: the harness sets it to stop its run loop, so it sees
    /// the tick at once.
    private let tickObserver = Mutex<(@Sendable () -> Void)?>(nil)

    /// Whether it records nothing: `bench` builds owners by the thousand and measures their memory,
    /// which a probe's notes would add to.
    private let silent: Bool

    /// Creates an empty probe; a silent one records nothing.
    package init(silent: Bool = false) {
        self.silent = silent
    }

    // MARK: Written by owners and scenarios

    /// Records one tick of the owner's work, before or after release.
    package func recordTick() {
        guard !silent else { return }
        let now = ContinuousClock.now
        let beforeRelease = state.withLock { state -> Bool in
            if let stoppedAt = state.stoppedAt, state.ticksAfterRelease + 1 - stoppedAt.ticks == Self.spinSample {
                state.sampleEnd = now
            }
            let listed = state.tickInstants.count + state.ticksAfterRelease < Self.maximumTickEvents
            if listed {
                state.events.append((now, state.released ? .zombieTick : .tick, nil))
            } else {
                state.omittedTickEvents += 1
            }
            if state.released {
                state.ticksAfterRelease += 1
                return false
            }
            state.tickInstants.append(now)
            return true
        }
        // Only ticks before release wake the harness, which counts them to decide when to
        // release; after it, a spinning loop would wake it a million times a second.
        if beforeRelease {
            tickObserver.withLock { $0 }?()
        }
    }

    /// Records a tick, or, once the run is over, suspends the calling task for good.
    ///
    /// A loop that ticks on after its stop (a spin) yields here after each tick: the spin is the
    /// scenario's code, the yield the instrument's, so that the spin shares Swift's executor (as
    /// many threads as cores) with the run's executor control and every other task of the
    /// process instead of taking a thread until its sample is complete. It still never suspends
    /// on a sleep, so it is counted as the spin it is.
    package func recordTickOrPark() async {
        let (park, spinning) = state.withLock { state in
            (
                state.closed || state.stoppedAt.map { state.ticksAfterRelease - $0.ticks >= Self.spinSample } == true,
                state.stoppedAt != nil
            )
        }
        if park {
            // Nobody resumes this: the task stays suspended, holding no thread.
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        recordTick()
        if spinning { await Task.yield() }
    }

    /// Records that the owner's `deinit` ran.
    package func recordOwnerDeinit() {
        guard !silent else { return }
        let now = ContinuousClock.now
        state.withLock {
            $0.ownerDeinitRan = true
            $0.events.append((now, .ownerDeinit, nil))
        }
    }

    /// Watches a Foundation timer (weakly).
    package func watch(_ timer: Timer?) {
        guard let timer else { return }
        add(HolderHandle(timer: timer))
    }

    /// Watches a dispatch source timer (weakly).
    package func watch(_ source: DispatchSourceTimer?) {
        guard let source else { return }
        add(HolderHandle(source: source))
    }

    /// Watches the object a scenario puts between the timer and the owner (weakly).
    package func watchIntermediate(_ object: AnyObject, kind: ObjectKind) {
        guard !silent else { return }
        let witness = LifetimeWitness(object, name: kind.rawValue)
        state.withLock {
            $0.intermediates.append(witness)
            $0.intermediateKind = $0.intermediateKind ?? kind
        }
    }

    /// Watches the helper the owner made and alone keeps (weakly): its fate is the outcome's `helper`.
    package func watchHelper(_ object: AnyObject) {
        guard !silent else { return }
        let witness = LifetimeWitness(object, name: ObjectKind.helper.rawValue)
        state.withLock { $0.helper = $0.helper ?? witness }
    }

    /// Records the tolerance (GCD's leeway) the scenario asked its timer for, in seconds.
    package func recordRequestedTolerance(_ seconds: TimeInterval) {
        state.withLock { $0.requestedTolerance = seconds }
    }

    /// Watches a timer, source or task found at `path` in a user's type (weakly).
    package func watch(_ handle: HolderHandle, at path: String) {
        handle.path = path
        _ = handle.ticksSinceLastLook()  // from here on, its ticks are counted
        add(handle)
    }

    /// Watches what `handle` watches: for a mechanism the harness does not know by name.
    package func add(_ handle: HolderHandle) {
        guard !silent else { return }
        state.withLock { $0.timers.append(handle) }
    }

    // MARK: Read by the harness

    /// Marks the moment the harness releases the owner: later ticks count as after release.
    package func markReleased() {
        let now = ContinuousClock.now
        state.withLock {
            $0.released = true
            $0.events.append((now, .release, nil))
        }
    }

    /// Calls `observer` on every tick before release from now on, from the ticking thread.
    func onTick(_ observer: @escaping @Sendable () -> Void) {
        tickObserver.withLock { $0 = observer }
    }

    /// Ends the run: from now on a concurrency loop's tick parks its task instead of counting.
    func close() {
        state.withLock { $0.closed = true }
        tickObserver.withLock { $0 = nil }
    }

    /// Marks the harness's first stop in clean-up: from here, ticks are what stopping did not stop.
    func markStoppedByHarness() {
        let now = ContinuousClock.now
        state.withLock { $0.stoppedAt = $0.stoppedAt ?? (now, $0.ticksAfterRelease) }
    }

    /// The owner's work since the harness's stop: over the full sample if the loop reached it
    /// (then it is parked), else until now.
    func ticksAfterStop() -> TicksAfterStop? {
        let now = ContinuousClock.now
        return state.withLock { state in
            state.stoppedAt.map { stop in
                let end = state.sampleEnd ?? now
                return TicksAfterStop(
                    ticks: min(state.ticksAfterRelease - stop.ticks, Self.spinSample),
                    seconds: stop.instant.duration(to: end).seconds)
            }
        }
    }

    /// Whether a loop has ticked the whole sample since the harness's stop.
    var spinSampled: Bool { state.withLock { $0.sampleEnd != nil } }

    /// Ticks beyond `maximumTickEvents`, counted but not listed as events.
    var omittedTickEvents: Int { state.withLock { $0.omittedTickEvents } }

    /// Watches a task: running until its body returns, stopped by `cancel()`.
    package func watch(_ task: Task<Void, Never>?) {
        guard let task else { return }
        add(HolderHandle(task: task))
    }

    /// Records an event the harness saw happen, now.
    func record(_ kind: RunEvent.Kind, by actor: RunEvent.Stopper? = nil) {
        let now = ContinuousClock.now
        state.withLock { $0.events.append((now, kind, actor)) }
    }

    /// The events so far, in time order, in milliseconds from `start`.
    func events(since start: ContinuousClock.Instant) -> [RunEvent] {
        state.withLock { $0.events }
            .sorted { $0.instant < $1.instant }
            .map { RunEvent(ms: start.duration(to: $0.instant).seconds * 1_000, event: $0.kind, by: $0.by) }
    }

    /// Ticks recorded before release.
    package var ticksBeforeRelease: Int { state.withLock { $0.tickInstants.count } }

    /// Ticks recorded after release (a leaked owner still working).
    package var ticksAfterRelease: Int { state.withLock { $0.ticksAfterRelease } }

    /// The instants of the ticks before release.
    package var tickInstants: [ContinuousClock.Instant] { state.withLock { $0.tickInstants } }

    /// Whether the owner's `deinit` has run.
    package var ownerDeinitRan: Bool { state.withLock { $0.ownerDeinitRan } }

    /// The timers the scenario registered.
    package var timers: [HolderHandle] { state.withLock { $0.timers } }

    /// The tolerance the scenario asked for, in seconds (0 if it asked for none).
    package var requestedTolerance: TimeInterval { state.withLock { $0.requestedTolerance } }

    /// The intermediates the scenario registered.
    package var intermediates: [LifetimeWitness] { state.withLock { $0.intermediates } }

    /// The kind of the first intermediate registered, if any.
    package var intermediateKind: ObjectKind? { state.withLock { $0.intermediateKind } }

    /// The helper the owner registered, if any.
    package var helper: LifetimeWitness? { state.withLock { $0.helper } }
}
