import Foundation
import Testing

/// A task's cancel proves nothing while Swift's global executor gives no thread: the cancelled
/// task cannot return, and "cancelling it freed nothing" would rest on machinery not seen
/// working. The check says it could not tell, naming the executor, instead of a verdict (it
/// read ``holder not proved … `task` (Task): cancelling it freed nothing`` before).
///
/// Run in a process of its own (`TimerLabFixtures --starved-executor-check`), waited for on a
/// thread of the test's own: taking every thread of the executor stalls every task of a process.
@Suite struct StarvedExecutorTests {
    @Test func aTaskCancelledWhileTheExecutorHasNoThreadIsNotJudged() async {
        let result = await BinaryRunner.run(["--starved-executor-check"], binary: .fixtures, timeLimit: 60)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.hasPrefix("not judged: type 'StarvingPoller': no verdict: the executor control did not tick"), "\(result.out)")
        #expect(!result.out.contains("freed nothing"), "\(result.out)")
    }
}
