import Dispatch
import Foundation
import Testing
import TimerLabTesting

/// A task's cancel proves nothing while Swift's global executor gives no thread: the cancelled
/// task cannot return, and "cancelling it freed nothing" would rest on machinery not seen
/// working. The check says it could not tell, naming the executor, instead of a verdict.
///
/// In a child process (an exit test): taking every thread of the executor would stall every
/// other test of this process too.
@Suite(.timeLimit(.minutes(2))) struct StarvedExecutorTests {
    @Test func aTaskCancelledWhileTheExecutorHasNoThreadIsNotJudged() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            do {
                let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                    StarvingPoller()
                } start: {
                    $0.start()
                }
                FileHandle.standardOutput.write(Data("a verdict: \(report)\n".utf8))
                exit(1)
            } catch let error as LifetimeCheckError {
                FileHandle.standardOutput.write(Data("not judged: \(error)\n".utf8))
                exit(error.code == .systemRefused ? 0 : 2)
            } catch {
                exit(3)
            }
        }
        let printed = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
        #expect(printed.contains("executor"), "\(printed)")
    }
}

/// Leaks through a task that captures it strongly, and whose cancel takes every thread of the
/// executor for longer than the check waits for its controls after a stop (5 s, with 3 s to
/// spare for a slow machine), then gives them back: the task returns, and frees it, only then.
final class StarvingPoller: @unchecked Sendable {
    var task: Task<Void, Never>?
    var polls = 0

    func start() {
        task = Task { [self] in
            await withTaskCancellationHandler {
                while !Task.isCancelled {
                    // A wait its cancel does not cut short: the task wakes on its own, once the
                    // executor gives it a thread again.
                    await withCheckedContinuation { woken in
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { woken.resume() }
                    }
                    polls += 1
                }
            } onCancel: {
                starveTheExecutor(forSeconds: 8)
            }
        }
    }
}

/// Takes every thread of Swift's global executor for `seconds`: tasks that block on a semaphore,
/// more of them than there are threads, released by a thread of its own.
func starveTheExecutor(forSeconds seconds: Double) {
    let gate = DispatchSemaphore(value: 0)
    let takers = ProcessInfo.processInfo.activeProcessorCount * 2 + 4
    for _ in 0..<takers {
        Task.detached { hold(until: gate) }
    }
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: seconds)
        for _ in 0..<takers { gate.signal() }
    }
}

/// Blocks the calling thread until `gate` is signalled.
private func hold(until gate: DispatchSemaphore) {
    gate.wait()
}
