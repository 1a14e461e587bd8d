/// A named weak reference: tells whether the object it was given is still alive.
package final class LifetimeWitness: @unchecked Sendable {
    /// What the object is, for the report (`WeakProxy`, `TempTarget`, ...).
    package let name: String
    // Written once in `init`; the runtime loads weak references atomically.
    private weak var object: AnyObject?

    /// Starts watching `object` without retaining it.
    package init(_ object: AnyObject, name: String) {
        self.object = object
        self.name = name
    }

    /// Whether the object is still alive.
    package var isAlive: Bool { object != nil }
}
