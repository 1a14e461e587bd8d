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
    /// The path of an object on the way to it that something outside the owner keeps too (a
    /// library's event loop, in whose queue the closure waits): that object may still run the
    /// closure and drop it. `nil`: the owner's own graph alone keeps it, a cycle nothing else breaks.
    package var keptElsewhere: String?

    /// Creates one.
    package init(path: String, keptBy: String, through: [String], keptElsewhere: String? = nil) {
        self.path = path
        self.keptBy = keptBy
        self.through = through
        self.keptElsewhere = keptElsewhere
    }
}

/// What reading a leaked owner's stored closures showed: the ones that capture it, and the
/// holders whose own closures were read and do not (a `Timer` whose block takes it weakly, a
/// dispatch source whose handlers do).
package struct ClosureReading: Sendable, Equatable {
    /// The stored closures that capture the owner strongly.
    package var capturing: [CapturingClosure] = []
    /// The property paths of holders whose own closures were read and do not capture the owner.
    /// Of these, a dispatch source of a user's type is never stopped: its cancel could not free
    /// the owner, and the app's code goes on using it.
    package var innocentHolders: [String] = []
    /// The shortest chain of strong references from a global to the owner that passes through
    /// nothing the owner keeps (`FeedRegistry.shared`, `refreshers[0]`): what holds it from
    /// outside. Empty when none was found. Where one is, the run stops nothing of the owner's.
    package var heldFrom: [String] = []
    /// Why the search for such a chain did not run or did not end; `nil` when it did.
    package var heldFromNotRead: String?
    /// Where the owner was and the objects of its own tree, as read: what that search starts from.
    package var tree: OwnTree?

    /// Creates one.
    package init(capturing: [CapturingClosure] = [], innocentHolders: [String] = []) {
        self.capturing = capturing
        self.innocentHolders = innocentHolders
    }
}

/// Where a leaked owner lies and the objects its own tree keeps (its holders and parts), by
/// address, as a reading found them: what the search for a holder outside it is not to go through.
package struct OwnTree: Sendable, Equatable {
    package let owner: UInt
    package let objects: Set<UInt>

    package init(owner: UInt, objects: Set<UInt>) {
        self.owner = owner
        self.objects = objects
    }
}
