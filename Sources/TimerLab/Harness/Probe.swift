import Dispatch
import Foundation
import Synchronization

/// The run's notebook: owners and scenarios write into it from any thread, the harness reads it.
///
/// It never holds an owner: only counts, instants, and weak handles on timers and intermediates.
public final class Probe: Sendable {
    private struct State {
        var events: [(instant: ContinuousClock.Instant, kind: RunEvent.Kind, by: RunEvent.Actor?)] = []
        var tickInstants: [ContinuousClock.Instant] = []
        var ticksAfterRelease = 0
        var released = false
        var ownerDeinitRan = false
        var timers: [TimerHandle] = []
        var intermediates: [LifetimeWitness] = []
        var requestedTolerance: TimeInterval = 0
    }

    private let state = Mutex(State())

    /// Creates an empty probe.
    public init() {}

    // MARK: Written by owners and scenarios

    /// Records one tick of the owner's work, before or after release.
    public func recordTick() {
        let now = ContinuousClock.now
        state.withLock {
            if $0.released {
                $0.ticksAfterRelease += 1
                $0.events.append((now, .zombieTick, nil))
            } else {
                $0.tickInstants.append(now)
                $0.events.append((now, .tick, nil))
            }
        }
    }

    /// Records that the owner's `deinit` ran.
    public func recordOwnerDeinit() {
        let now = ContinuousClock.now
        state.withLock {
            $0.ownerDeinitRan = true
            $0.events.append((now, .ownerDeinit, nil))
        }
    }

    /// Watches a Foundation timer (weakly).
    public func watch(_ timer: Timer?) {
        guard let timer else { return }
        add(TimerHandle(timer: timer))
    }

    /// Watches a dispatch source timer (weakly).
    public func watch(_ source: DispatchSourceTimer?) {
        guard let source else { return }
        add(TimerHandle(source: source))
    }

    /// Watches a `WeakTimer` (weakly).
    public func watch(_ weakTimer: WeakTimer?) {
        guard let weakTimer else { return }
        add(TimerHandle(weakTimer: weakTimer))
    }

    /// Watches the object a scenario puts between the timer and the owner (weakly).
    public func watchIntermediate(_ object: AnyObject, name: String) {
        let witness = LifetimeWitness(object, name: name)
        state.withLock { $0.intermediates.append(witness) }
    }

    /// Records the tolerance (GCD's leeway) the scenario asked its timer for, in seconds.
    public func recordRequestedTolerance(_ seconds: TimeInterval) {
        state.withLock { $0.requestedTolerance = seconds }
    }

    private func add(_ handle: TimerHandle) {
        state.withLock { $0.timers.append(handle) }
    }

    // MARK: Read by the harness

    /// Marks the moment the harness releases the owner: later ticks count as after release.
    public func markReleased() {
        let now = ContinuousClock.now
        state.withLock {
            $0.released = true
            $0.events.append((now, .release, nil))
        }
    }

    /// Records an event the harness saw happen, now.
    func record(_ kind: RunEvent.Kind, by actor: RunEvent.Actor? = nil) {
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
    public var ticksBeforeRelease: Int { state.withLock { $0.tickInstants.count } }

    /// Ticks recorded after release (a leaked owner still working).
    public var ticksAfterRelease: Int { state.withLock { $0.ticksAfterRelease } }

    /// The instants of the ticks before release.
    public var tickInstants: [ContinuousClock.Instant] { state.withLock { $0.tickInstants } }

    /// Whether the owner's `deinit` has run.
    public var ownerDeinitRan: Bool { state.withLock { $0.ownerDeinitRan } }

    /// The timers the scenario registered.
    public var timers: [TimerHandle] { state.withLock { $0.timers } }

    /// The tolerance the scenario asked for, in seconds (0 if it asked for none).
    public var requestedTolerance: TimeInterval { state.withLock { $0.requestedTolerance } }

    /// The intermediates the scenario registered.
    public var intermediates: [LifetimeWitness] { state.withLock { $0.intermediates } }
}
