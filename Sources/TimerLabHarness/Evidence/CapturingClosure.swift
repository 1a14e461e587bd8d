/// A stored closure seen holding a leaked owner: where it is kept, and how it reaches the owner.
///
/// Seen, not proved: the closure's captures were read (it holds the owner strongly), where a
/// culprit is proved by a stop that freed the owner. A closure kept by the owner's own graph that
/// captures the owner is a cycle nothing stops: only a weak capture, or dropping the closure, breaks it.
package struct CapturingClosure: Sendable, Equatable, Codable {
    /// The property path: `repeater.observers[0]`, `throttler.callback`.
    package var path: String
    /// The type whose property keeps it: `Repeater`, or the owner's own type.
    package var keptBy: String
    /// How it reaches the owner, innermost last: empty when it captures the owner itself, else
    /// what it captures on the way (`a closure`, `a Relay`).
    package var through: [String]

    /// Creates one.
    package init(path: String, keptBy: String, through: [String]) {
        self.path = path
        self.keptBy = keptBy
        self.through = through
    }
}
