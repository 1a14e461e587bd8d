import Foundation
import TimerLab

/// Carries a user's object through the harness as a subject's owner.
///
/// The harness holds only this adapter; the adapter holds the object, so dropping the adapter
/// drops the harness's one reference to the object, and the object's lifetime is what is
/// watched (`lifetimeObject`). `@unchecked Sendable`: the harness builds, starts, stops and
/// releases its owner on the run's own thread only, and so the object is touched there only.
final class UserOwner<Object: AnyObject>: ScenarioOwner, @unchecked Sendable {
    private let object: Object
    private let context: ScenarioContext
    private let start: @Sendable (Object) -> Void
    private let stop: (@Sendable (Object) -> Void)?
    /// What the walks registered, so a second walk adds only new finds.
    private var registered: Set<String> = []

    init(object: Object, context: ScenarioContext, start: @escaping @Sendable (Object) -> Void, stop: (@Sendable (Object) -> Void)?) {
        self.object = object
        self.context = context
        self.start = start
        self.stop = stop
    }

    var lifetimeObject: AnyObject { object }

    /// Starts the object, then registers every timer, source and task it keeps.
    func viewDidLoad() {
        start(object)
        registerFinds()
    }

    /// Calls the optional stop, then registers what the object keeps now (a task or source
    /// made after `start`, by a task or a queue, is found here).
    func viewWillDisappear() {
        stop?(object)
        registerFinds()
    }

    private func registerFinds() {
        for find in PropertyWalk.finds(in: object) where registered.insert(find.path).inserted {
            context.probe.watch(find.handle, at: find.path)
        }
    }
}
