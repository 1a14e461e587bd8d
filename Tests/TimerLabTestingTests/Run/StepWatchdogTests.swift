import TestSupport
import Testing

@testable import TimerLabTesting

/// The watchdog counts the object's time, never the check's: a walk of the object that outlasts
/// the time limit is not taken for the object's code holding the thread (at a loaded suite's
/// start, a check of an object with 3,000 sources said its code held the thread 10 s after
/// start, where only the check's walk of them had run).
@Suite struct StepWatchdogTests {
    @Test func theChecksOwnWalkIsNotTakenForTheObjectsCode() async {
        let walking = CheckProgress()
        walking.enter(.walking)
        let watchingTheWalk = StepWatchdog(progress: walking, limit: .milliseconds(50), typeName: "Farm", callersActor: nil)
        // The control, watched from the same queue and started after: a thread held in the
        // running step past the limit is caught.
        let running = CheckProgress()
        running.enter(.running)
        let watchingTheRun = StepWatchdog(progress: running, limit: .milliseconds(50), typeName: "Farm", callersActor: nil)
        defer {
            watchingTheWalk.stop()
            watchingTheRun.stop()
        }
        #expect(await eventually { running.failure != nil }, "the control: a held thread was never caught")
        #expect(walking.failure == nil, "the check's own walk was taken for the object's code: \(String(describing: walking.failure))")
    }
}
