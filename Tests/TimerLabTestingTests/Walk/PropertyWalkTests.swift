import Dispatch
import Foundation
import Synchronization
import Testing

@testable import TimerLabTesting

/// Where each shape of storage puts its holder, and what the walk makes of it: its path, whether
/// it may be stopped, and what the walk did not look into. The walk alone, without a check.
@Suite struct PropertyWalkTests {
    final class Service: @unchecked Sendable {
        let timer = Timer(timeInterval: 3600, repeats: true) { _ in }
    }

    final class Helper: @unchecked Sendable {
        let timer = Timer(timeInterval: 3600, repeats: true) { _ in }
    }

    final class Node {
        var next: Node?
        init(next: Node?) { self.next = next }
    }

    enum State {
        case idle
        case running(Timer)
    }

    final class Shapes: @unchecked Sendable {
        var optional: Timer? = Timer(timeInterval: 3600, repeats: true) { _ in }
        var state = State.running(Timer(timeInterval: 3600, repeats: true) { _ in })
        var byZone: [String: Timer] = ["utc": Timer(timeInterval: 3600, repeats: true) { _ in }]
        let helper = Helper()
        let shared: Service
        weak var weakTimer: Timer?
        unowned let gone: Helper
        let list: Node?
        let locked = Mutex<Timer?>(Timer(timeInterval: 3600, repeats: true) { _ in })

        /// `gone` is freed as soon as the caller's temporary goes: legal while it is never read.
        init(shared: Service, weakTimer: Timer, gone: Helper, length: Int) {
            self.shared = shared
            self.weakTimer = weakTimer
            self.gone = gone
            list = (0..<length).reduce(nil) { next, _ in Node(next: next) }
        }
    }

    @Test func everyShapeIsFoundAtItsPathAndOnlyWhatItOwnsMayBeStopped() {
        let service = Service()
        let elsewhere = Timer(timeInterval: 3600, repeats: true) { _ in }
        let shapes = Shapes(shared: service, weakTimer: elsewhere, gone: Helper(), length: PropertyWalk.depthLimit)
        let walk = PropertyWalk(shapes)
        let found = Dictionary(uniqueKeysWithValues: walk.holders.map { ($0.path, $0.keptElsewhere) })
        #expect(
            Set(found.keys) == ["optional", "state(.running)", "byZone[\"utc\"]", "helper.timer", "shared.timer", "weakTimer", "locked"])
        #expect(found["shared.timer"] == .some("shared"), "the service is kept by the test too")
        #expect(found["weakTimer"] == .some("weakTimer"), "kept only weakly")
        #expect(found["helper.timer"] == .some(nil) && found["optional"] == .some(nil) && found["locked"] == .some(nil))
        #expect(walk.notExamined.bound?.hasPrefix("below `list.next.next") == true, "\(walk.notExamined)")
        withExtendedLifetime((service, elsewhere)) {}
    }

    final class Locked: @unchecked Sendable {
        let task = Mutex<Task<Int, Never>?>(
            Task {
                try? await Task.sleep(for: .seconds(3600))
                return 1
            })
        let byName = Mutex<[String: Timer]>(["hourly": Timer(timeInterval: 3600, repeats: true) { _ in }])
        let count = Mutex<Int>(0)
        deinit { task.withLock { $0?.cancel() } }
    }

    /// A `Mutex` whose value type the check cannot tell (the compiler records a non-copyable
    /// property's type as `()`) is named as storage it could not look inside, never passed over;
    /// one of a task, of any result type, is read under its lock (issue 66, item 7).
    @Test func aMutexOfAnotherValueIsNamedNotPassedOver() {
        let locked = Locked()
        let walk = PropertyWalk(locked)
        #expect(walk.holders.map(\.path) == ["task"])
        #expect(walk.notExamined.storage == ["byName", "count"], "\(walk.notExamined)")
    }

    final class WithBlock: @unchecked Sendable {
        var handler: (@convention(block) () -> Void)?
        let timer = Timer(timeInterval: 3600, repeats: true) { _ in }
    }

    /// A `@convention(block)` property, which the runtime cannot lay out here, is named as not
    /// examined; the rest of its class is still read.
    @Test func aBlockPropertyIsNamedAndTheRestOfItsClassRead() {
        let object = WithBlock()
        let walk = PropertyWalk(object)
        #expect(walk.holders.map(\.path) == ["timer"])
        #expect(walk.notExamined.storage == ["handler"])
    }

    /// An object whose `current` one thread of its own replaces as fast as it can.
    final class Churn: @unchecked Sendable {
        final class Box {
            var payload = [1, 2, 3]
        }
        // Written only by the churning thread; the walk reads it as memory.
        var current = Box()
        let stop = Atomic<Bool>(false)
        let stopped = DispatchSemaphore(value: 0)
    }

    /// A reference that changed between its read and the read of what it points to is not
    /// believed: the property is named as changed while it was read, and nothing crashes.
    @Test func aPropertyReplacedWhileReadIsNamedNotBelieved() {
        let churn = Churn()
        Thread.detachNewThread {
            while !churn.stop.load(ordering: .relaxed) { churn.current = Churn.Box() }
            churn.stopped.signal()
        }
        let deadline = ContinuousClock.now + .seconds(10)
        var named = false
        while !named, ContinuousClock.now < deadline {
            named = PropertyWalk(churn).notExamined.changed.contains("current")
        }
        churn.stop.store(true, ordering: .relaxed)
        churn.stopped.wait()
        #expect(named, "no walk in 10 s saw `current` change under it")
    }

    /// Nothing of the object's own code runs while it is walked: its custom mirror, its
    /// description and its computed properties are never called.
    @Test func theWalkRunsNoneOfTheObjectsCode() {
        let object = Reflective()
        let walk = PropertyWalk(object)
        #expect(walk.holders.map(\.path) == ["timer"])
        #expect(Reflective.calls.load(ordering: .relaxed) == 0)
    }

    final class Reflective: CustomReflectable, CustomStringConvertible, @unchecked Sendable {
        static let calls = Atomic<Int>(0)
        let timer = Timer(timeInterval: 3600, repeats: true) { _ in }
        var customMirror: Mirror {
            Self.calls.add(1, ordering: .relaxed)
            return Mirror(self, children: [])
        }
        var description: String {
            Self.calls.add(1, ordering: .relaxed)
            return "reflective"
        }
    }

    @Test func aHelperCapturedByItsOwnTimerBlockIsStillTheObjects() {
        final class Ticker: @unchecked Sendable {
            var timer: Timer?
            func start() { timer = Timer(timeInterval: 3600, repeats: true) { _ in _ = self } }
        }
        final class Owner {
            let ticker = Ticker()
        }
        let owner = Owner()
        owner.ticker.start()
        let walk = PropertyWalk(owner)
        #expect(walk.holders.map(\.path) == ["ticker.timer"])
        #expect(walk.holders.first?.keptElsewhere == nil, "the block's reference is counted as the object's own")
        owner.ticker.timer = nil
    }

    /// A shared service's queue, which only the service keeps, and which its thread changes.
    final class Queue: @unchecked Sendable {
        var handlers: [() -> Void] = []
    }

    /// A service the test keeps too, whose queue is a constant.
    final class Scheduler: @unchecked Sendable {
        let queue = Queue()
    }

    /// Keeps a shared scheduler, and puts a closure that captures it in the scheduler's queue.
    final class Subscriber: @unchecked Sendable {
        let scheduler: Scheduler
        init(_ scheduler: Scheduler) { self.scheduler = scheduler }
        func start() { scheduler.queue.handlers.append { _ = self } }
    }

    @Test func whatLiesInsideASharedObjectIsReadOnlyWhereItCannotChange() {
        let scheduler = Scheduler()
        let subscriber = Subscriber(scheduler)
        subscriber.start()
        // The queue's own count is one (the scheduler's): only the scheduler's being shared tells
        // that the scheduler's thread may change it under the walk.
        let walk = PropertyWalk(subscriber, makesHandles: false)
        #expect(walk.notExamined.variables == ["scheduler", "scheduler.queue"], "\(walk.notExamined)")
        #expect(walk.closures.isEmpty, "\(walk.closures.map(\.path))")
        scheduler.queue.handlers.removeAll()
    }

    @Test func withoutHandlesTheWalkCollectsClosures() {
        final class Keeper {
            var action: () -> Void = {}
        }
        let keeper = Keeper()
        keeper.action = { _ = keeper }
        let walk = PropertyWalk(keeper, makesHandles: false)
        #expect(walk.holders.isEmpty)
        #expect(walk.closureReading(of: keeper).capturing.map(\.path) == ["action"])
        keeper.action = {}
    }

    /// An object whose own library holds it only while it works (a source that takes it weakly
    /// and holds it while it fires), and a timer it keeps in a variable.
    final class Worker: @unchecked Sendable {
        var timer: Timer? = Timer(timeInterval: 3600, repeats: true) { _ in }
    }

    final class WorkerOwner: Sendable {
        let worker = Worker()
    }

    /// Another reference to a worker, dropped on another thread.
    final class BriefHold: @unchecked Sendable {
        // Written once, by the thread that drops it; the walk only counts references.
        var worker: Worker?
        init(_ worker: Worker) { self.worker = worker }
    }

    @Test func aHoldThatEndsWhileTheWalkLooksAgainLeavesTheObjectItsOwnersAlone() {
        let owner = WorkerOwner()
        let hold = BriefHold(owner.worker)
        // Dropped 50 ms from now: long after the walk's first look, well within its 2,000 rereads.
        // On a thread of its own, not a dispatch worker: other tests may hold every one of those.
        Thread.detachNewThread {
            usleep(50_000)
            hold.worker = nil
        }
        let walk = PropertyWalk(owner, rereads: 2000)
        #expect(walk.notExamined.variables.isEmpty, "\(walk.notExamined)")
        #expect(walk.holders.map(\.path) == ["worker.timer"])
        #expect(walk.holders.first?.keptElsewhere == nil)
    }

    @Test func aHoldThatStaysMakesTheObjectKeptElsewhere() {
        let owner = WorkerOwner()
        let hold = BriefHold(owner.worker)
        let walk = PropertyWalk(owner)
        #expect(walk.notExamined.variables == ["worker"], "\(walk.notExamined)")
        #expect(walk.holders.map(\.path) == ["worker.timer"])
        #expect(walk.holders.first?.keptElsewhere == "worker")
        withExtendedLifetime(hold) {}
    }

    /// One worker the object refers to from two properties: its own alone.
    final class TwoRoutes: Sendable {
        let worker = Worker()
        let sameWorker: Worker
        init() { sameWorker = worker }
    }

    @Test func anObjectReferredToTwiceFromInsideIsToldWithBothReferencesCounted() {
        // Met first through `worker`, when only that reference is counted: it waits until the
        // walk has met `sameWorker` too, and is then read whole, its timer its owner's.
        let walk = PropertyWalk(TwoRoutes())
        #expect(walk.notExamined.variables.isEmpty, "\(walk.notExamined)")
        #expect(walk.holders.map(\.path) == ["worker.timer"])
        #expect(walk.holders.first?.keptElsewhere == nil)
    }
}
