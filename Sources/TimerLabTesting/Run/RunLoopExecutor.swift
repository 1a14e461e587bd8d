import CoreFoundation
import Foundation
import TimerLabHarness

/// A task executor that runs its jobs on one thread's run loop: the harness's thread, so an
/// `async` `start` (and the default actors it calls) runs there, and the timers it schedules on
/// "the current run loop" go on the run loop the check drives, as a synchronous `start`'s do.
///
/// `@unchecked Sendable`, with this invariant: `runLoop` is only handed to CoreFoundation's
/// thread-safe `CFRunLoopPerformBlock` and `CFRunLoopWakeUp`; jobs run on that run loop's thread.
final class RunLoopExecutor: TaskExecutor, @unchecked Sendable {
    private let runLoop: CFRunLoop

    /// The mode `start` is awaited in: its jobs run there, and the object's own timers (in the
    /// default mode) do not fire before the check has looked at what `start` left.
    static let startMode = RunLoop.Mode("timerlab.start")

    /// An executor for the calling thread's run loop, whose jobs run in the common modes, to
    /// which it adds `startMode`.
    init() {
        runLoop = CFRunLoopGetCurrent()
        CFRunLoopAddCommonMode(runLoop, Self.startMode.cfMode)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        CFRunLoopPerformBlock(runLoop, kCFRunLoopCommonModes) { job.runSynchronously(on: executor) }
        CFRunLoopWakeUp(runLoop)
    }
}
