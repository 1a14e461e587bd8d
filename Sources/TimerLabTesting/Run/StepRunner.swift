import CoreFoundation
import Foundation
import TimerLabHarness

/// Runs one check's steps where they belong, within the time limit, and returns the harness's
/// evidence, or `nil` when a step of the user's failed (the failure is in `steps.progress`).
struct StepRunner<Object: AnyObject> {
    let steps: UserSteps<Object>
    let settings: RunSettings
    let timeout: Duration
    /// The object's type as reports and errors name it: the caller's (a tracked object's real
    /// type), not `Object`'s (`AnyObject` for tracking).
    let typeName: String

    /// From a nonisolated caller: every step on a harness thread, raced against the watchdog, so
    /// a step that never returns fails the check at the time limit and the thread is left to it.
    func runOffActor() async -> Result<RunEvidence, HarnessError>? {
        let subject = UserSubject(steps, name: typeName).subject
        let (steps, settings, timeout, typeName) = (steps, settings, timeout, typeName)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Result<RunEvidence, HarnessError>?, Never>) in
            let once = ResumeOnce<Result<RunEvidence, HarnessError>?>(continuation)
            let watchdog = StepWatchdog(progress: steps.progress, limit: timeout, typeName: typeName, callersActor: nil)
            watchdog.onHang { once.resume(returning: nil) }
            Task.detached {
                let result: Result<RunEvidence, HarnessError>
                do throws(HarnessError) {
                    result = .success(try await Harness().observe(subject, settings: settings))
                } catch {
                    result = .failure(error)
                }
                watchdog.stop()
                once.resume(returning: result)
            }
        }
    }

    /// From a caller isolated to an actor: `make` and `start` in one task on that actor, then
    /// the run on a harness thread while this task serves its visits on the actor
    /// (`ActorVisits`): every step that touches the object, and passes of the run loop `start`'s
    /// timers went on, run on the actor, and the actor's other jobs run between them. A step that
    /// suspends past the limit fails the check; one that holds the actor past it ends the process
    /// (`HangExit`).
    func runOnActor(isolation: isolated any Actor) async -> Result<RunEvidence, HarnessError>? {
        let watchdog = StepWatchdog(progress: steps.progress, limit: timeout, typeName: typeName, callersActor: isolation)
        defer { watchdog.stop() }
        let (steps, settings) = (steps, settings)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Result<RunEvidence, HarnessError>?, Never>) in
            let once = ResumeOnce<Result<RunEvidence, HarnessError>?>(continuation)
            watchdog.onHang { once.resume(returning: nil) }
            Task {
                _ = isolation  // captured, so the task runs on the caller's actor
                let handOver = HandOver(steps.makeObject())
                let runLoop = CFRunLoopGetCurrent()
                let nextFireBefore = CFRunLoopGetNextTimerFireDate(runLoop, kCFRunLoopDefaultMode)
                steps.progress.enter(.start)
                // Called here, in the actor's task, not through a helper of its own (which would be
                // nonisolated and call a main-actor start off the main actor): a start that does
                // not suspend runs in this job, on this thread, whose run loop the run then drives.
                do {
                    switch steps.start {
                    case .sync(let start): try start(handOver.peek())
                    case .async(let start): try await start(handOver.peek())
                    }
                } catch {
                    steps.progress.fail(.threw(.start, "\(error)"))
                }
                guard steps.progress.failure == nil else { return once.resume(returning: nil) }
                if CFRunLoopGetCurrent() === runLoop, CFRunLoopGetNextTimerFireDate(runLoop, kCFRunLoopDefaultMode) != nextFireBefore {
                    steps.progress.noteTimerScheduledBeforeRun()
                }
                steps.progress.enter(.running)
                let subject = UserSubject(started: handOver, steps, name: typeName).subject
                let visits = ActorVisits(homeRunLoops: [runLoop, CFRunLoopGetCurrent()].compactMap { $0 })
                steps.progress.noteVisits(visits)
                once.resume(returning: await Harness().observe(subject, settings: settings, servedBy: visits, isolation: isolation))
            }
        }
    }
}
