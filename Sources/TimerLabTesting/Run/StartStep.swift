/// The user's `start`, as written: synchronous (called directly, where the check runs it) or
/// `async` (awaited in a task on the check's thread, or on the caller's actor).
///
/// Two shapes, not one `async` closure, because a synchronous `start` is what most types have,
/// and calling it directly costs no task, no executor and no run-loop pass.
enum StartStep<Object: AnyObject> {
    case sync((Object) throws -> Void)
    case async((Object) async throws -> Void)
}

/// The user's `beforeRelease`, in the shape it was given: synchronous, called directly right
/// before the release; or `async`, awaited on the check's thread through a task executor on its
/// run loop (run in the check's own mode, so the object's run-loop timers do not fire meanwhile),
/// with the release right after it returns.
enum BeforeReleaseStep<Object> {
    case sync((Object) throws -> Void)
    case async((Object) async throws -> Void)
}
