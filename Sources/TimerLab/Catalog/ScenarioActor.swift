import Dispatch
import TimerLabHarness

/// timerlab's own global actor, standing in for `@MainActor` in the actor scenarios.
///
/// The main actor only runs while the main thread runs its run loop, which the command line's
/// main thread never does (it waits) and Swift Testing's threads are not; a global actor of our
/// own behaves the same from both.
@globalActor
package actor ScenarioActor {
    package static let shared = ScenarioActor()
}

extension ScenarioActor {
    /// Blocks the calling thread until a job enqueued on the actor now has run, so the jobs
    /// enqueued before it (owners hopping to the actor to start) have run too.
    ///
    /// For the bench, which builds thousands of actor owners on a thread of its own: the caller
    /// must not be one of Swift's cooperative threads, which the actor may need.
    package static func waitForJobsEnqueuedSoFar() {
        let done = DispatchSemaphore(value: 0)
        Task { @ScenarioActor in done.signal() }
        done.wait()
    }
}
