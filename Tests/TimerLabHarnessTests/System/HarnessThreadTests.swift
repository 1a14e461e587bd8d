import Foundation
import Synchronization
import TestSupport
import Testing
import TimerLabHarness

/// The harness's threads: a body runs on a thread of its own, a join waits for its end, and a
/// detached thread still runs its body.
@Suite struct HarnessThreadTests {
    @Test func theBodyRunsOnANewThreadAndJoinWaitsForItsEnd() throws {
        let caller = pthread_self()
        let ran = Mutex<(onOwnThread: Bool, count: Int)>((false, 0))
        try HarnessThread.start {
            ran.withLock { $0 = (pthread_equal(pthread_self(), caller) == 0, $0.count + 1) }
        }.join()
        // Read right after the join, with no wait: the join is what ordered the body before it.
        #expect(ran.withLock { $0.onOwnThread && $0.count == 1 })
    }

    @Test func aDetachedThreadStillRunsItsBody() async throws {
        let ran = Atomic<Int>(0)
        try HarnessThread.start { ran.add(1, ordering: .sequentiallyConsistent) }.detach()
        #expect(await eventually { ran.load(ordering: .sequentiallyConsistent) == 1 })
    }

    @Test func aThreadCanBeHadHereSoNothingIsRefused() {
        #expect(HarnessThread.refusalNow() == nil)
    }
}
