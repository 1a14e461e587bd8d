/// What the harness drives: an object it builds, starts, tells it is about to go, and releases.
///
/// `ViewController` is the articles' owner; an owner isolated to a global actor (which cannot
/// subclass a nonisolated class) conforms directly and hops to its actor itself.
public protocol ScenarioOwner: AnyObject, Sendable {
    /// Starts the owner's timer or task, as the articles do in `viewDidLoad` or a button action.
    func viewDidLoad()
    /// Called just before the harness drops its reference: where an explicit `stop()` belongs.
    func viewWillDisappear()
    /// The object whose lifetime is observed: the owner itself, or the user's object an adapter
    /// carries (the adapter is freed with the harness's reference; the object may not be).
    var lifetimeObject: AnyObject { get }
}

extension ScenarioOwner {
    /// The owner itself.
    public var lifetimeObject: AnyObject { self }
}
