import CoreFoundation
import Foundation
import Testing

@testable import TimerLabHarness

/// A wake-up ends the run loop's slice whenever it comes, even between two slices, where a bare
/// `CFRunLoopStop` is lost and the harness waited out a whole slice.
@Suite struct RunLoopDriverTests {
    /// What one run of the loop showed: whether the deadline timer, the control that ends the
    /// run if the wake-up was lost, had to end it.
    static func runAfterAWakeUpBetweenSlices() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let thread = Thread {
                let driver = RunLoopDriver(mode: .default, interval: 0.01)
                let wakeUp = driver.wakeUp()
                nonisolated(unsafe) var deadlineReached = false
                let deadline = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 5, 0, 0, 0) { _ in
                    deadlineReached = true
                    CFRunLoopStop(CFRunLoopGetCurrent())
                }
                CFRunLoopAddTimer(CFRunLoopGetCurrent(), deadline, RunLoop.Mode.default.cfMode)
                // Between two slices: the loop is not running when the wake-up comes.
                let waker = Thread { wakeUp() }
                waker.start()
                while !waker.isFinished { usleep(100) }
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 60))
                CFRunLoopTimerInvalidate(deadline)
                continuation.resume(returning: deadlineReached)
            }
            thread.start()
        }
    }

    @Test func aWakeUpBetweenSlicesEndsTheNextSlice() async {
        #expect(await Self.runAfterAWakeUpBetweenSlices() == false, "the wake-up was lost: the deadline timer ended the run")
    }
}
