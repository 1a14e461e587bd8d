/// The kinds of object whose lifetime a run observes; the raw value is what reports print.
package enum ObjectKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// The scenario's owner (the articles' view controller).
    case owner
    /// A Foundation `Timer`.
    case timer = "Timer"
    /// A `DispatchSourceTimer` (also the object inside a `WeakTimer`).
    case dispatchSourceTimer = "DispatchSourceTimer"
    /// The MSWeakTimer-style `WeakTimer`.
    case weakTimer = "WeakTimer"
    /// A `Task`: its "lifetime" is its body's.
    case task = "Task"
    /// The weak proxy between a timer and its owner.
    case weakProxy = "WeakProxy"
    /// The temporary target between a timer and its owner.
    case tempTarget = "TempTarget"
    /// The token `NotificationCenter.addObserver(forName:object:queue:using:)` returns: the
    /// center keeps the block (and what it captures) until the observer is removed.
    case notificationObserver = "NotificationCenter observer"
    /// A `DispatchWorkItem`: it keeps its block until the work item itself is freed.
    case workItem = "DispatchWorkItem"
    /// An object the owner made and alone keeps, which runs a timer of its own (a poller).
    case helper
}
