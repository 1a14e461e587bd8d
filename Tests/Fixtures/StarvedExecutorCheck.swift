import Dispatch
import Foundation
import Synchronization
import TimerLabTesting

/// `TimerLabFixtures --starved-executor-check`: checks a `StarvingPoller`, whose task's cancel
/// takes every thread of Swift's global executor for 8 s, and says what the check made of it.
///
/// A process of its own: taking every thread of the executor stalls every task of the process,
/// and a test process runs hundreds of them at once. (An exit test would not do: while its child
/// ran, checks of other tests in the parent saw their executor control starve, in each of 3
/// runs here, so the parent too waits on that executor's threads.)
enum StarvedExecutorCheck {
    /// Runs the check; the exit status: 0 for no verdict with the executor named as refused
    /// (`systemRefused`), 1 for a verdict, 2 for another error. It prints which on standard output.
    static func run() -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(3)
        Task.detached {
            let ended = await check()
            status.withLock { $0 = ended }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    private static func check() async -> Int32 {
        do {
            let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                StarvingPoller()
            } start: {
                $0.start()
            }
            print("a verdict: \(report)")
            return 1
        } catch {
            print("not judged: \(error)")
            return error.code == .systemRefused ? 0 : 2
        }
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
