import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// What a `Mutex` stored in an object holds, copied out under its own lock, for the holder
/// types a Swift 6 type keeps in one (`Mutex<DispatchSourceTimer?>`, `Mutex<Timer?>`,
/// `Mutex<DispatchWorkItem?>`, `Mutex<Task<Success, Failure>?>`).
///
/// The compiler records a non-copyable stored property's type as `()` (its field-type accessor
/// returns the empty tuple's metadata, so that `Mirror` never copies it), so the `Mutex`'s
/// value type cannot be read. Each candidate is tried instead, and admitted only on evidence
/// read without touching memory that may not be what it seems: the property's size fits the
/// candidate's `Mutex`, and the words where the candidate keeps its object name that object's
/// class, read through `SystemSeam.readWord`, which fails instead of faulting. Only then is the
/// place used as that `Mutex`, and its value copied under its lock by the `Mutex`'s own
/// `withLockIfAvailable`, which never waits (the lock's holder may be this very thread).
enum LockedValue {
    case value(Any)
    /// Its lock was held: the walk does not wait for it.
    case busy
    /// Not a `Mutex` of a holder type this knows, or not one that can be read here.
    case unknown

    /// Reads what the `Mutex` at `address`, a property `span` bytes long, holds.
    static func read(at address: UnsafeRawPointer, span: Int) -> LockedValue {
        // Each candidate value type in turn: `nil` when the place is not a `Mutex` of it.
        reader(for: (any DispatchSourceTimer)?.self, address, span, metadataAt: existentialMetadata)
            ?? reader(for: Timer?.self, address, span, metadataAt: nil)
            ?? reader(for: DispatchWorkItem?.self, address, span, metadataAt: nil)
            ?? taskReader(address, span)
            ?? .unknown
    }

    /// Reads a `Mutex<Task<Success, Failure>?>` at `address`, of any result type, if the
    /// evidence says it is one: its value's word is a job whose first word is every task's
    /// (`TaskOperation.jobClass`). Every such `Mutex` is laid out alike (a task is one word), so
    /// it is copied under its lock as a `Task<Void, Never>?` (a copy retains the job, whatever
    /// it returns), and the copy is then given its result type, read from the job it keeps
    /// alive, with `any Error` for its failure: a handle waits on it as the runtime stored it.
    private static func taskReader(_ address: UnsafeRawPointer, _ span: Int) -> LockedValue? {
        typealias Slot = Task<Void, Never>?
        guard let jobClass = TaskOperation.jobClass else { return nil }
        let size = MemoryLayout<Mutex<Slot>>.size
        guard span >= size, span - size < 16 else { return nil }
        let value = UInt(bitPattern: address + alignedUp(MemoryLayout<Mutex<Void>>.size, to: MemoryLayout<Slot>.alignment))
        guard let job = SystemSeam.readWord(at: value), job != 0, SystemSeam.readWord(at: job) == jobClass else { return nil }
        let mutex = address.assumingMemoryBound(to: Mutex<Slot>.self)
        guard let copy = mutex.pointee.withLockIfAvailable({ Copied(value: $0 as Any) }), let slot = copy.value as? Slot else {
            return .busy
        }
        guard let task = slot else { return .value(slot as Any) }
        let kept = withUnsafeBytes(of: task) { $0.load(as: UInt.self) }
        guard let success = TaskOperation.successType(ofJob: kept) else { return .unknown }
        // No public way makes a `Task` of a result type known only at run time from a job: every
        // `Task` is the job's one reference (the runtime's Task.h), so the copy is recast, the
        // type read from the job itself. PropertyWalkTests' `Task<Int, Never>` in a `Mutex`, and
        // LifetimeCheckTests' Mutex-of-a-task leak, fail when that changes.
        func retyped<Success: Sendable>(_: Success.Type) -> Any { unsafeBitCast(slot, to: Task<Success, any Error>?.self) as Any }
        let boxed: Any = success
        guard let sendable = boxed as? any Sendable.Type else { return .unknown }
        return .value(_openExistential(sendable, do: retyped))
    }

    /// Where an opaque existential keeps its dynamic type: after its three-word inline buffer.
    private static let existentialMetadata = 3 * MemoryLayout<Int>.size

    /// Reads a `Mutex<Value>` at `address` if the evidence says it is one: its size fits `span`,
    /// and the first word of its value, where each candidate keeps its object (and, for an
    /// existential, the type word at `metadataAt`), names a class `Value` can hold.
    private static func reader<Value>(for _: Value.Type, _ address: UnsafeRawPointer, _ span: Int, metadataAt: Int?) -> LockedValue? {
        let size = MemoryLayout<Mutex<Value>>.size
        guard span >= size, span - size < 16 else { return nil }
        let valueOffset = alignedUp(MemoryLayout<Mutex<Void>>.size, to: MemoryLayout<Value>.alignment)
        let value = UInt(bitPattern: address + valueOffset)
        guard let object = SystemSeam.readWord(at: value), object != 0,
            let isa = SystemSeam.readWord(at: object), expectedClasses(of: Value.self).contains(isa)
        else { return nil }
        if let metadataAt {
            guard SystemSeam.readWord(at: value + UInt(metadataAt)) == isa else { return nil }
        }
        let mutex = address.assumingMemoryBound(to: Mutex<Value>.self)
        guard let copy = mutex.pointee.withLockIfAvailable({ Copied(value: $0) }) else { return .busy }
        return .value(copy.value)
    }

    /// The class metadata words an object kept as `Value` may have.
    private static func expectedClasses<Value>(of _: Value.Type) -> [UInt] {
        if Value.self == Timer?.self { return [classWord(Timer.self)] }
        if Value.self == DispatchWorkItem?.self { return [classWord(DispatchWorkItem.self)] }
        if Value.self == (any DispatchSourceTimer)?.self { return dispatchSourceClasses }
        return []
    }

    /// The classes a `DispatchSourceTimer` is an instance of where the existential is opaque (Linux).
    private static var dispatchSourceClasses: [UInt] {
        #if canImport(Glibc)
        return [classWord(DispatchSource.self)]
        #else
        return []
        #endif
    }

    private static func classWord(_ type: AnyClass) -> UInt {
        UInt(bitPattern: unsafeBitCast(type, to: Int.self))
    }

    private static func alignedUp(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// A copy taken out of the lock. `@unchecked Sendable`, with this invariant: the walk only
    /// reads the copy (its children, on the run's thread), as any other copy `Mirror` makes of
    /// a property; it never writes through it.
    private struct Copied: @unchecked Sendable {
        let value: Any
    }
}
