import CoreFoundation
import Foundation

/// The user's three closures and how to run each, with the progress they report.
///
/// `@unchecked Sendable`, with this invariant: the closures and the object they make are used
/// by one check, one step after another, while the caller awaits it and touches none of them:
/// on the harness's thread for a nonisolated caller (suspended meanwhile), or on the caller's
/// own actor for an isolated one (an async `start` there runs before the harness's stretch, and
/// the watchdog only reads the progress).
struct UserSteps<Object: AnyObject>: @unchecked Sendable {
    let make: () -> Object
    let start: StepClosure<Object>
    let beforeRelease: StepClosure<Object>?
    let progress: CheckProgress

    /// Builds the object, as step `make`.
    func makeObject() -> Object {
        progress.enter(.make)
        return make()
    }

    /// Runs `start` on the calling thread, which must be the harness's: its jobs go to this
    /// thread's run loop (so a nonisolated `start`, synchronous or not, schedules its timers
    /// there), run in a mode of the check's own until it returns or fails, or the watchdog has
    /// called it hung; the object's timers do not fire meanwhile.
    func startOnThisThread(_ object: Object) {
        perform(start, on: object, as: .start)
    }

    /// Runs one of the user's closures as step `name`: a synchronous one directly, an `async` one
    /// awaited on this thread's run loop; what it throws fails the check.
    private func perform(_ closure: StepClosure<Object>, on object: Object, as name: Step) {
        progress.enter(name)
        switch closure {
        case .sync(let closure):
            do { try closure(object) } catch { progress.fail(.threw(name, "\(error)")) }
        case .async(let closure):
            awaitOnThisRunLoop(closure, object, as: name)
        }
    }

    /// Awaits an async `start` or `beforeRelease` in a task whose executor is this thread's run
    /// loop, run in the check's own mode until the task returns or the watchdog has called it hung.
    private func awaitOnThisRunLoop(_ step: @escaping (Object) async throws -> Void, _ object: Object, as name: Step) {
        let finished = Finished()
        let progress = progress
        nonisolated(unsafe) let (step, object) = (step, object)  // see the invariant above
        // Stopped once start returns: a run-loop pass does not return after a performed block.
        nonisolated(unsafe) let runLoop = CFRunLoopGetCurrent()
        Task(executorPreference: RunLoopExecutor()) {
            do { try await step(object) } catch { progress.fail(.threw(name, "\(error)")) }
            finished.done = true
            CFRunLoopStop(runLoop)
        }
        // A far-off timer keeps the run loop running (without a source it returns at once);
        // it is in the check's own mode, and removed before the harness reads the default mode's next fire date.
        let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
        RunLoop.current.add(keepAlive, forMode: RunLoopExecutor.startMode)
        defer { keepAlive.invalidate() }
        while !finished.done, progress.failure == nil {
            _ = RunLoop.current.run(mode: RunLoopExecutor.startMode, before: Date(timeIntervalSinceNow: 0.01))
        }
    }

    /// Runs `beforeRelease`, if given, as step `beforeRelease`.
    func runBeforeRelease(_ object: Object) {
        guard let beforeRelease else { return }
        perform(beforeRelease, on: object, as: .beforeRelease)
    }
}

/// Whether a `start` task has returned: written by its job, read between run-loop passes, both
/// on the harness's thread (the task's executor is that thread's run loop).
private final class Finished: @unchecked Sendable {
    var done = false
}
