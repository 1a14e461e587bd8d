/// A weak reference, readable from any thread: to a tracked object, and to the XCTest case whose
/// teardown checks it.
///
/// `@unchecked Sendable`: it is written once, in `init`, and the Swift runtime loads a weak
/// reference atomically; what a reader does with the object is the reader's own invariant.
package final class WeakReference: @unchecked Sendable {
    private weak var value: AnyObject?
    /// The object's identity, kept after it is gone.
    package let identity: ObjectIdentifier

    package init(_ object: AnyObject) {
        value = object
        identity = ObjectIdentifier(object)
    }

    /// The object, if it is still alive.
    package var object: AnyObject? { value }
}
