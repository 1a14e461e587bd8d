import Foundation
import Testing

@testable import TimerLabTesting

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
        #expect(found.map(\.path) == ["loop.tasks[3](.task).run"])
        #expect(found.first?.route == [])
    }

    @Test func aClosureReachingItThroughAnotherClosureIsNamedWithItsWay() {
        let owner = Owner()
        let inner = { _ = owner }
        let queue: [Entry] = [.task(run: { inner() }, fail: { _ in })]
        let found = LockGuarded.captures(of: ObjectIdentifier(owner), in: queue, at: "tasks")
        #expect(found.map(\.route) == [["a closure"]])
    }

    /// A lock whose storage is not SwiftNIO's (its class is named otherwise) is left alone: the
    /// rule's field is not read, and the lock is never taken.
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
        #expect(LockGuarded.rules(for: queue).isEmpty, "no rule names a type of this module")
    }
}
