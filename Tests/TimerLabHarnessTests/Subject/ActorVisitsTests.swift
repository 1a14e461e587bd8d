import CoreFoundation
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimerLabHarness

/// Visits: what a run on its own thread asks of the actor its owner lives on.
@Suite(.timeLimit(.minutes(1))) struct ActorVisitsTests {
    /// A thread that schedules a repeating timer on its own run loop and then parks, never
    /// running that loop: only a pass from elsewhere can fire it.
    private static func parkedTimer(fired: Locked<Int>) -> (CFRunLoop, release: DispatchSemaphore) {
        let scheduled = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var home: CFRunLoop?
        Thread {
            home = CFRunLoopGetCurrent()
            RunLoop.current.add(Timer(timeInterval: 0.005, repeats: true) { _ in fired.withLock { $0 += 1 } }, forMode: .default)
            scheduled.signal()
            release.wait()
        }.start()
        scheduled.wait()
        return (home!, release)
    }

    @MainActor @Test func passesFireTheTimersOfARunLoopItsThreadNeverRuns() async {
        let fired = Locked(0)
        let (home, release) = Self.parkedTimer(fired: fired)
        defer { release.signal() }
        let visits = ActorVisits(homeRunLoops: [home])
        let asker = Task.detached {
            let deadline = ContinuousClock.now + .seconds(10)
            while fired.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
                visits.askForPass()
                try? await Task.sleep(for: .milliseconds(5))
            }
            visits.finish()
        }
        await visits.serve(isolation: MainActor.shared)
        await asker.value
        #expect(fired.withLock { $0 } > 0, "no pass fired the parked thread's timer")
        #expect(visits.passCount > 0)
    }

    @MainActor @Test func aVisitTheActorDidNotTakeUpInTimeNeverRuns() async {
        let visits = ActorVisits(homeRunLoops: [])
        let ran = Locked<[String]>([])
        // Nobody serves yet: the first visit is given up on.
        let first = await onOwnThread { visits.run(within: 0.05) { ran.withLock { $0.append("first") } } }
        #expect(!first)
        let second = Task.detached {
            let taken = visits.run(within: 10) { ran.withLock { $0.append("second") } }
            visits.finish()
            return taken
        }
        await visits.serve(isolation: MainActor.shared)
        #expect(await second.value)
        // Served in order: the given-up visit came first and did nothing; the second ran.
        #expect(ran.withLock { $0 } == ["second"])
    }
}

/// A value shared with closures that escape, behind a lock.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
