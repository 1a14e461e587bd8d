import Foundation
import TimerLabHarness

/// Carries a user's object through the harness as a run's owner.
///
/// The harness holds only this adapter; the adapter holds the object, so dropping the adapter
/// drops the harness's one reference to the object, and the object's lifetime is what is
/// watched (`lifetimeObject`). `@unchecked Sendable`, with this invariant: the harness builds,
/// starts, warns and releases its owner on the run's own thread, one step after another, so
/// the object and `registered` are touched from that thread only (for a main-actor type, that
/// thread is the one running the main actor's stretch of the check).
final class UserOwner<Object: AnyObject>: RunOwner, @unchecked Sendable {
    private let object: Object
    private let context: RunContext
    private let start: (Object) -> Void
    private let beforeRelease: ((Object) -> Void)?
    /// What the walks registered, so a second walk adds only new finds.
    private var registered: Set<String> = []

    init(object: Object, context: RunContext, start: @escaping (Object) -> Void, beforeRelease: ((Object) -> Void)?) {
        self.object = object
        self.context = context
        self.start = start
        self.beforeRelease = beforeRelease
    }

    var lifetimeObject: AnyObject { object }

    /// Starts the object, then registers every timer, source and task it keeps.
    func startRun() {
        start(object)
        registerFinds()
    }

    /// Calls what the app calls before letting go (if given), then registers what the object
    /// keeps now (a task or source made after `start`, by a task or a queue, is found here).
    func willRelease() {
        beforeRelease?(object)
        registerFinds()
    }

    private func registerFinds() {
        for find in PropertyWalk.finds(in: object) where registered.insert(find.path).inserted {
            context.probe.watch(find.handle, at: find.path)
        }
    }
}
