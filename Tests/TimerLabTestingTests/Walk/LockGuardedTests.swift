import Foundation
import Testing

@testable import TimerLabTesting

#if canImport(Glibc)
import Glibc
#endif

/// A queue read under its own lock is searched for the closures that hold the checked object, by
/// identity, and named by path; a lock this does not know is never taken.
@Suite struct LockGuardedTests {
    final class Owner: @unchecked Sendable {}

    /// A scheduled entry as a library keeps one: an enum whose payload holds the closure.
    enum Entry {
        case task(run: () -> Void, fail: (Error) -> Void)
        case idle
    }

    @Test func theClosureThatHoldsTheObjectIsNamedAndNoOther() {
        let (owner, other) = (Owner(), Owner())
        let queue: [Entry] = [
            .task(run: { _ = other }, fail: { _ in }),
            .idle,
            .task(run: { [weak owner] in _ = owner }, fail: { _ in }),
            .task(run: { _ = owner }, fail: { _ in }),
        ]
        let found = LockGuarded.captures(of: ObjectIdentifier(owner), in: queue, at: "loop.tasks")
        #expect(found.filter { !$0.weakly }.map(\.path) == ["loop.tasks[3](.task).run"])
        #expect(found.first { !$0.weakly }?.route == [])
        // The one that takes it weakly is named as such, and no other closure at all.
        #expect(found.filter(\.weakly).map(\.path) == ["loop.tasks[2](.task).run"])
    }

    @Test func aClosureReachingItThroughAnotherClosureIsNamedWithItsWay() {
        let owner = Owner()
        let inner = { _ = owner }
        let queue: [Entry] = [.task(run: { inner() }, fail: { _ in })]
        let found = LockGuarded.captures(of: ObjectIdentifier(owner), in: queue, at: "tasks")
        #expect(found.map(\.route) == [["a closure"]])
    }

    /// A lock whose storage is not the kind the rule names is left alone: the rule's field is not
    /// read, and the lock is never taken.
    final class LookAlikeLock: ManagedBuffer<Void, Int> {}
    struct Lock { let _storage = LookAlikeLock.create(minimumCapacity: 1) { _ in () } }
    final class Queue: @unchecked Sendable {
        let _tasksLock = Lock()
        var _scheduledTasks: [() -> Void] = []
    }

    @Test func aLockOfAnotherKindIsNeverTaken() {
        let queue = Queue()
        let rule = LockGuarded.Rule(typeName: String(reflecting: Queue.self), lock: "_tasksLock", field: "_scheduledTasks")
        #expect(LockGuarded.read(rule, of: queue) == nil)
        #expect(!LockGuarded.rules.contains { $0.typeName == rule.typeName }, "no rule names a type of this module")
    }

    #if canImport(Glibc)
    /// A lock kept as SwiftNIO's `NIOLock` keeps it: a `ManagedBuffer` of one `pthread_mutex_t`.
    final class MutexStorage: ManagedBuffer<Void, pthread_mutex_t> {
        static func make() -> MutexStorage {
            let storage = create(minimumCapacity: 1) { _ in () } as! MutexStorage
            storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
            return storage
        }
        deinit { withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) } }
    }
    struct MutexLock { let _storage = MutexStorage.make() }

    /// A library's event loop as SwiftNIO lays it out: its scheduled work in a `var` its lock guards.
    final class Loop: @unchecked Sendable {
        let _tasksLock = MutexLock()
        var _scheduledTasks: [Entry] = []
    }

    /// A service that keeps a handle to the loop, which the loop's other users keep too.
    final class Service: @unchecked Sendable {
        let loop: Loop
        init(_ loop: Loop) { self.loop = loop }
        func start(weakly: Bool) {
            loop._scheduledTasks.append(
                weakly ? .task(run: { [weak self] in _ = self }, fail: { _ in }) : .task(run: { _ = self }, fail: { _ in }))
        }
    }

    static let rule = LockGuarded.Rule(
        typeName: String(reflecting: Loop.self), lock: "_tasksLock", field: "_scheduledTasks",
        lockStorage: String(reflecting: MutexStorage.self))

    @Test func theGuardedFieldIsReadWhileItsLockIsFreeAndNotWhileHeld() {
        let loop = Loop()
        loop._scheduledTasks = [.idle]
        #expect((LockGuarded.read(Self.rule, of: loop) as? [Entry])?.count == 1)
        let mutex = loop._tasksLock._storage
        #expect(mutex.withUnsafeMutablePointerToElements { pthread_mutex_lock($0) } == 0)
        #expect(LockGuarded.read(Self.rule, of: loop) == nil, "read while the lock was held")
        _ = mutex.withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
    }

    @Test(arguments: [false, true]) func aWalkNamesTheClosureInTheGuardedQueue(weakly: Bool) {
        let loop = Loop()
        let service = Service(loop)
        service.start(weakly: weakly)
        let walk = PropertyWalk(service, makesHandles: false, guardRules: [Self.rule])
        let path = "loop._scheduledTasks[0](.task).run"
        #expect(walk.closureReading(of: service).capturing.map(\.path) == (weakly ? [] : [path]))
        #expect(walk.closuresSeen(capturing: service) == [ClosureSeen(path: path, keptBy: "Loop", weakly: weakly)])
        // The control: a walk told no rule leaves the queue, a `var` of a shared object, unread.
        #expect(PropertyWalk(service, makesHandles: false, guardRules: []).closuresSeen(capturing: service).isEmpty)
        loop._scheduledTasks.removeAll()
    }
    #endif
}
