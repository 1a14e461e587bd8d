/// The user's `start` or `beforeRelease`, as written: synchronous, called directly where the
/// check runs it; or `async`, awaited in a task on the check's thread (through a task executor on
/// its run loop, in the check's own mode, so the object's run-loop timers do not fire meanwhile),
/// or on the caller's actor.
///
/// Two shapes, not one `async` closure, because a synchronous step is what most types have, and
/// calling it directly costs no task, no executor and no run-loop pass; and a synchronous
/// `beforeRelease` on an actor runs in one stretch with the release, which an await would split.
enum StepClosure<Object> {
    case sync((Object) throws -> Void)
    case async((Object) async throws -> Void)
}
