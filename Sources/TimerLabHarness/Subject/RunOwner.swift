/// What the harness drives: an object it builds, starts, warns before release, and releases.
///
/// A catalog scenario's owner (the articles' view controller) and the adapter that carries a
/// user's object both conform; the harness knows no more of them than these three members.
package protocol RunOwner: AnyObject, Sendable {
    /// Starts the owner's timer, source or task (step 1 of a run).
    func startRun()
    /// Called just before the harness drops its reference (step 3): where an explicit stop belongs.
    func willRelease()
    /// The object whose lifetime is observed: the owner itself, or the user's object an adapter
    /// carries (the adapter is freed with the harness's reference; the object may not be).
    var lifetimeObject: AnyObject { get }
}

extension RunOwner {
    /// The owner itself.
    package var lifetimeObject: AnyObject { self }
}
