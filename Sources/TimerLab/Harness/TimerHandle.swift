import Dispatch
import Foundation

/// A weak handle on a scenario's timer or dispatch source: is it alive, is it scheduled, stop it.
///
/// The harness must see the timer without keeping it alive, so the handle holds it weakly and
/// knows, per kind, how to ask "still scheduled?" and how to stop it during clean-up. Its methods
/// are called on the harness thread only (Foundation's `Timer` is not `Sendable`).
public final class TimerHandle: @unchecked Sendable {
    /// What kind of timer the handle watches.
    public enum Kind: String, Sendable {
        case timer = "Timer"
        case dispatchSource = "DispatchSourceTimer"
        case weakTimer = "WeakTimer"
    }

    /// The kind of object watched.
    public let kind: Kind
    private weak var object: AnyObject?
    private let lifetime: LifetimeWitness?
    private let isScheduledBody: (AnyObject) -> Bool
    private let stopBody: (AnyObject) -> Void

    private init<T: AnyObject>(
        _ object: T, kind: Kind, lifetime: LifetimeWitness? = nil, isScheduled: @escaping (T) -> Bool,
        stop: @escaping (T) -> Void
    ) {
        self.object = object
        self.kind = kind
        self.lifetime = lifetime
        self.isScheduledBody = { isScheduled($0 as! T) }
        self.stopBody = { stop($0 as! T) }
    }

    /// Watches a Foundation timer: scheduled while valid, stopped by `invalidate()`.
    public convenience init(timer: Timer) {
        self.init(timer, kind: .timer, isScheduled: { $0.isValid }, stop: { $0.invalidate() })
    }

    /// Watches a dispatch source: scheduled until cancelled, stopped by `cancel()`.
    public convenience init(source: DispatchSourceTimer) {
        self.init(
            source as AnyObject, kind: .dispatchSource,
            isScheduled: { !($0 as! DispatchSourceTimer).isCancelled },
            stop: { ($0 as! DispatchSourceTimer).cancel() })
    }

    /// Watches a `WeakTimer`: scheduled while valid, stopped by `invalidate()`; the object whose
    /// lifetime it reports is the dispatch source inside (the `WeakTimer` is the intermediate).
    public convenience init(weakTimer: WeakTimer) {
        self.init(
            weakTimer, kind: .weakTimer, lifetime: LifetimeWitness(weakTimer.sourceObject, name: "DispatchSourceTimer"),
            isScheduled: { $0.isValid }, stop: { $0.invalidate() })
    }

    /// The timer object's type, as the report names it.
    public var objectName: String { lifetime?.name ?? kind.rawValue }

    /// Whether the timer object itself is still alive.
    public var isAlive: Bool { lifetime?.isAlive ?? (object != nil) }

    /// Whether the timer is still scheduled to fire; a freed timer is not.
    public var isScheduled: Bool {
        guard let object else { return false }
        return isScheduledBody(object)
    }

    /// Stops the timer if it is still alive and scheduled; returns whether it did anything.
    @discardableResult
    public func stopIfScheduled() -> Bool {
        guard let object, isScheduledBody(object) else { return false }
        stopBody(object)
        return true
    }
}
