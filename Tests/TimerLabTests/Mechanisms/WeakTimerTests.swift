import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// `WeakTimer`'s contract: weak target, caller's queue, any-thread idempotent invalidate, no traps.
@Suite struct WeakTimerTests {
    /// A target that counts fires and notes whether each came on the caller's queue.
    final class Counter: Sendable {
        let fires = Atomic<Int>(0)
        let offQueueFires = Atomic<Int>(0)
        let key: DispatchSpecificKey<Int>?

        init(key: DispatchSpecificKey<Int>? = nil) {
            self.key = key
        }

        func fired(_ timer: WeakTimer) {
            fires.add(1, ordering: .relaxed)
            if let key, DispatchQueue.getSpecific(key: key) != 1 {
                offQueueFires.add(1, ordering: .relaxed)
            }
        }

        var count: Int { fires.load(ordering: .relaxed) }
    }

    @Test func firesRepeatedlyOnTheCallersQueue() async {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "caller")
        queue.setSpecific(key: key, value: 1)
        let counter = Counter(key: key)
        let timer = WeakTimer.scheduledTimer(
            timeInterval: 0.002, target: counter, selector: Counter.fired, repeats: true, dispatchQueue: queue)
        #expect(await eventually { counter.count >= 3 })
        timer.invalidate()
        #expect(counter.offQueueFires.load(ordering: .relaxed) == 0)
    }

    @Test func holdsItsTargetWeaklyAndStopsItselfOnceTheTargetIsGone() async {
        var counter: Counter? = Counter()
        let witness = LifetimeWitness(counter!, name: "Counter")
        let timer = WeakTimer.scheduledTimer(
            timeInterval: 0.002, target: counter!, selector: Counter.fired, repeats: true,
            dispatchQueue: DispatchQueue(label: "caller"))
        let firstFire = counter!
        #expect(await eventually { firstFire.count >= 1 })
        _ = consume firstFire
        counter = nil
        #expect(await eventually { !witness.isAlive })
        #expect(await eventually { !timer.isValid })
    }

    @Test func aOneShotTimerFiresOnceThenIsInvalid() async {
        let counter = Counter()
        let queue = DispatchQueue(label: "caller")
        let timer = WeakTimer.scheduledTimer(
            timeInterval: 0.002, target: counter, selector: Counter.fired, repeats: false, dispatchQueue: queue)
        #expect(await eventually { !timer.isValid })
        // The control fires on the same queue: once it has fired ten times, a second fire is overdue.
        #expect(await QueueControl(queue: queue).passes(10))
        queue.sync {}
        #expect(counter.count == 1)
    }

    @Test func fireRunsNowAndStopsAOneShotTimer() {
        let counter = Counter()
        let timer = WeakTimer(
            timeInterval: 60, target: counter, selector: Counter.fired, repeats: false,
            dispatchQueue: DispatchQueue(label: "caller"))
        timer.schedule()
        timer.fire()
        #expect(counter.count == 1)
        #expect(!timer.isValid)
        timer.fire()
        #expect(counter.count == 1)
    }

    @Test func invalidateIsIdempotentAndNothingFiresAfterIt() async {
        let counter = Counter()
        let queue = DispatchQueue(label: "caller")
        let timer = WeakTimer.scheduledTimer(
            timeInterval: 0.001, target: counter, selector: Counter.fired, repeats: true, dispatchQueue: queue)
        #expect(await eventually { counter.count >= 2 })
        timer.invalidate()
        timer.invalidate()
        #expect(!timer.isValid)
        queue.sync {}  // a callback already running when invalidate() returned finishes here
        let settled = counter.count
        #expect(await QueueControl(queue: queue).passes(10))
        queue.sync {}
        #expect(counter.count == settled)
    }

    @Test func invalidatingOrReleasingATimerThatWasNeverScheduledIsSafe() async {
        // Releasing a dispatch source that was never resumed traps on Linux; WeakTimer must not.
        let counter = Counter()
        let queue = DispatchQueue(label: "caller")
        do {
            let invalidated = WeakTimer(
                timeInterval: 0.001, target: counter, selector: Counter.fired, repeats: true, dispatchQueue: queue)
            invalidated.invalidate()
            invalidated.schedule()  // too late: an invalidated timer stays stopped
            _ = WeakTimer(
                timeInterval: 0.001, target: counter, selector: Counter.fired, repeats: true, dispatchQueue: queue)
        }
        #expect(await QueueControl(queue: queue).passes(10))
        queue.sync {}
        #expect(counter.count == 0)
    }

    @Test func releasingTheTimerInsideItsOwnCallbackIsSafe() async {
        final class Holder: @unchecked Sendable {
            let lock = Mutex<WeakTimer?>(nil)
            let released = Atomic<Bool>(false)
            func fired(_ timer: WeakTimer) {
                lock.withLock { $0 = nil }  // drops the last strong reference while the callback runs
                released.store(true, ordering: .relaxed)
            }
        }
        let holder = Holder()
        let witness: LifetimeWitness
        do {
            let timer = WeakTimer(
                timeInterval: 0.001, target: holder, selector: Holder.fired, repeats: true,
                dispatchQueue: DispatchQueue(label: "caller"))
            witness = LifetimeWitness(timer, name: "WeakTimer")
            holder.lock.withLock { $0 = timer }
            timer.schedule()
        }
        #expect(await eventually { holder.released.load(ordering: .relaxed) })
        #expect(await eventually { !witness.isAlive })
    }

    /// GCD's leeway cannot be read back from a source; what the source is scheduled with can.
    @Test func toleranceIsTheLeewayGCDIsGivenAndNeverNegative() {
        let timer = WeakTimer(
            timeInterval: 1, target: Counter(), selector: Counter.fired, repeats: true,
            dispatchQueue: DispatchQueue(label: "caller"))
        #expect(timer.leeway == .nanoseconds(0))
        timer.tolerance = 0.25
        #expect(timer.leeway == .nanoseconds(250_000_000))
        timer.schedule()
        timer.tolerance = -1
        #expect(timer.leeway == .nanoseconds(0))
        timer.invalidate()
    }

    @Test func userInfoLivesAsLongAsTheTimer() {
        final class Info {}
        weak var watchedInfo: Info?
        do {
            let info = Info()
            watchedInfo = info
            let timer = WeakTimer(
                timeInterval: 1, target: Counter(), selector: Counter.fired, userInfo: info, repeats: true,
                dispatchQueue: DispatchQueue(label: "caller"))
            #expect(timer.userInfo as? Info === info)
        }
        #expect(watchedInfo == nil)
    }

    /// Many threads invalidate one fast-firing timer at once, fifty times over: no crash, the timer
    /// ends invalid, and no fire reaches the target after the dust settles (judged against a
    /// control on the same queue that fired four times meanwhile).
    @Test func invalidatingFromManyThreadsAtOnceWhileItFires() async {
        for _ in 0..<50 {
            let counter = Counter()
            let queue = DispatchQueue(label: "caller")
            let timer = WeakTimer.scheduledTimer(
                timeInterval: 0.0005, target: counter, selector: Counter.fired, repeats: true, dispatchQueue: queue)
            #expect(await eventually { counter.count >= 1 })
            DispatchQueue.concurrentPerform(iterations: 32) { _ in
                timer.invalidate()
                _ = timer.isValid
            }
            #expect(!timer.isValid)
            queue.sync {}
            let settled = counter.count
            #expect(await QueueControl(queue: queue, interval: .microseconds(500)).passes(4))
            queue.sync {}
            #expect(counter.count == settled)
        }
    }
}
