import Foundation
import TimerLabHarness

/// A library's `var` that its own lock guards, read only while holding that lock, taken only if
/// free at once: SwiftNIO's event loop keeps every task scheduled on it in `_scheduledTasks`,
/// which "may only be read/written while holding the _tasksLock" (NIOPosix's
/// `SelectableEventLoop`), and changes it from any thread.
///
/// Each rule is checked against the object in hand before anything is read: its class's name,
/// the two fields by name (from the field records, `TypeFields`: nothing of the library's code
/// runs), the lock a `let` and the guarded field a `var`, and the lock's storage the class a
/// `NIOLock` keeps. A release of SwiftNIO that lays the loop out otherwise matches
/// no rule, and its queue is left unread, as every other shared object's `var`s are.
enum LockGuarded {
    /// One guarded field: the class, by its qualified name, the lock field, the field it guards,
    /// and the class of the lock's storage (a `ManagedBuffer` of one `pthread_mutex_t`).
    struct Rule: Sendable {
        let typeName: String
        let lock: String
        let field: String
        var lockStorage = "NIOConcurrencyHelpers.LockStorage<()>"
    }

    static let rules = [Rule(typeName: "NIOPosix.SelectableEventLoop", lock: "_tasksLock", field: "_scheduledTasks")]

    /// The value of `rule.field` in `object`, loaded while holding the lock in `rule.lock`; `nil`
    /// when the rule does not fit the object or the lock was not free. Only the load is made under
    /// the lock (a copy of a queue is one reference to its storage), so the library waits for no
    /// search: the copy is read afterwards, and a closure the library drops meanwhile lives on in
    /// it until the search ends (its captures are then released on the check's thread).
    static func read(_ rule: Rule, of object: AnyObject) -> Any? {
        let address = RawMemory.address(of: object)
        guard let layout = TypeFields.of(type(of: object), isClass: true),
            let lock = layout.fields.first(where: { $0.name == rule.lock && !$0.isVar }),
            let field = layout.fields.first(where: { $0.name == rule.field && $0.isVar }),
            let pointer = UnsafeRawPointer(bitPattern: address)
        else { return nil }
        // The lock is a `let` (a `NIOLock`, one reference to its storage): read without it, as
        // every constant is, and believed only when its storage's class is the rule's.
        guard let storageWord = RawMemory.word(at: address + UInt(lock.offset)), let storage = RawObject.read(storageWord),
            String(reflecting: storage.type) == rule.lockStorage, let held = RawMemory.claim(storageWord, isa: storage.isa)
        else { return nil }
        // Under the lock the field is loaded as the library itself loads it (a copy: one more
        // reference to the queue's storage), so the copy races nothing and outlives the lock.
        func load<T>(_: T.Type) -> Any { (pointer + field.offset).load(as: T.self) }
        // The library holds its lock for moments at a time, often: a few tries, a moment apart,
        // never a wait (the holder may be this very thread, inside the library's own work).
        for attempt in 0..<attempts {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.000_2) }
            if let value = SystemSeam.withBufferMutexIfFree(held, { _openExistential(field.type, do: load) }) { return value }
        }
        return nil
    }

    /// How many times `read` tries the lock: about 10 ms in all at the most.
    private static let attempts = 50
}

extension LockGuarded {
    /// How many values, and how many closures, a search of a guarded field's copy reads at most:
    /// a long queue is read in part.
    static let valueLimit = 2_048
    static let closureLimit = 128

    /// The places in `value` (a guarded field's copy) where a closure holds the object `target`
    /// strongly, else takes it weakly: each closure's path from `path`, the way it reaches the
    /// object, through closures alone, and whether weakly. Objects inside are read by their
    /// constants only, as every object inside a shared one is, and an object a closure captures
    /// is compared with the target, never read.
    static func captures(of target: ObjectIdentifier, in value: Any, at path: String) -> [(
        path: String, route: [String], weakly: Bool
    )] {
        withExtendedLifetime(value) { search(for: target, from: RawValue.owned(value), at: path) }
    }

    /// The search `captures` makes, over the copy's bytes (kept alive by the caller).
    private static func search(for target: ObjectIdentifier, from value: RawValue, at path: String) -> [(
        path: String, route: [String], weakly: Bool
    )] {
        var found: [(path: String, route: [String], weakly: Bool)] = []
        var stack: [(value: RawValue, path: String, depth: Int)] = [(value, path, 0)]
        var (values, closures) = (0, 0)
        var seen: Set<UInt> = [UInt(bitPattern: Int(bitPattern: target))]
        while values < valueLimit, let next = stack.popLast() {
            values += 1
            var children: [RawChild] = []
            var style: Mirror.DisplayStyle?
            switch next.value.parts() {
            case .closure(let context):
                guard closures < closureLimit else { continue }
                closures += 1
                if let capture = CaptureSearch.capture(of: target, inContext: context, closuresOnly: true) {
                    found.append((next.path, capture.route, capture.weakly))
                }
                continue
            case .object(let address, _):
                // The object itself, kept without a closure (a callback handler), is not what this
                // names: only closures are reported, as closures.
                guard seen.insert(address).inserted, next.depth < PropertyWalk.depthLimit, let object = RawObject.read(address) else {
                    continue
                }
                (children, style) = (object.fields(constantsOnly: true), .class)
            case .children(let inside, let insideStyle):
                guard next.depth < PropertyWalk.depthLimit else { continue }
                (children, style) = (inside, insideStyle)
            case .leaf, .weak, .task, .unreadable:
                continue
            }
            for (index, child) in children.enumerated().reversed() where child.strength == .strong {
                let childPath = PropertyWalk.childPath(next.path, child.name, index: index, style: style)
                stack.append((child.value, childPath, next.depth + 1))
            }
        }
        return found
    }
}
