/// The user's `start`, as written: synchronous (called directly, where the check runs it) or
/// `async` (awaited in a task on the check's thread, or on the caller's actor).
///
/// Two shapes, not one `async` closure, because a synchronous `start` is what most types have,
/// and calling it directly costs no task, no executor and no run-loop pass.
enum StartStep<Object: AnyObject> {
    case sync((Object) throws -> Void)
    case async((Object) async throws -> Void)
}
