import TimerLabHarness

/// A user's type as a harness subject: its closures, called by the run.
struct UserSubject<Object: AnyObject> {
    let subject: Subject

    init(_ make: @escaping () -> Object, start: @escaping (Object) -> Void, beforeRelease: ((Object) -> Void)?) {
        let closures = CallerClosures(make: make, start: start, beforeRelease: beforeRelease)
        subject = Subject(name: String(describing: Object.self), kind: .userType) { context in
            UserOwner(
                object: closures.make(), context: context, start: closures.start, beforeRelease: closures.beforeRelease)
        }
    }
}

/// The caller's closures, handed to the run. `@unchecked Sendable`, with this invariant: they are
/// called by one run, one step after another on one thread, while the caller awaits the check
/// and calls none of them: on the harness's thread for a nonisolated caller (suspended
/// meanwhile), or synchronously on the caller's own actor for an isolated one.
private struct CallerClosures<Object: AnyObject>: @unchecked Sendable {
    let make: () -> Object
    let start: (Object) -> Void
    let beforeRelease: ((Object) -> Void)?
}
