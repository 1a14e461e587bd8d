import Foundation

/// Finds the context of the closure a running `Task` was made with, read from the task's memory
/// as bytes: what tells a helper its own task keeps from one something outside keeps (issue #60).
///
/// The Swift runtime lays a task out as its header, its future fragment (a wait queue, the
/// result's type, an error, then the result, aligned for its type), and an async-context prefix
/// that keeps the closure's context until the task completes (swiftlang/swift's `Task.h` and
/// `Task.cpp`). Where the fragment starts is not public, so it is found once per process
/// (`layout`): in tasks of the walk's own, of two result types, the word that holds the result
/// type's metadata, and the context the prefix keeps, found where their closures' markers are.
/// The layout is believed only if it predicts where each calibration task keeps its context.
/// A user's task is read only while its wait queue says it is still executing (a completed
/// task's prefix names a context already released), and only where the result type's metadata
/// stands where the layout says.
enum TaskOperation {
    /// Where a task's future fragment starts, and the prefix's size and the context's place in it.
    struct Layout: Equatable {
        let fragment: Int
        static let fragmentFixedSize = 24
        static let prefixSize = 32
        static let contextInPrefix = 16

        /// Where a task whose result is `size` bytes aligned to `alignment` keeps its closure's context.
        func contextOffset(size: Int, alignment: Int) -> Int {
            let result = Self.aligned(fragment + Self.fragmentFixedSize, to: alignment)
            let header = Self.aligned(result + size + Self.prefixSize, to: 16)
            return header - Self.prefixSize + Self.contextInPrefix
        }

        static func aligned(_ offset: Int, to alignment: Int) -> Int {
            (offset + alignment - 1) / alignment * alignment
        }
    }

    /// The layout, found on first use; `nil` where it could not be (then no task's context is read).
    static let layout: Layout? = calibrate()

    /// The first word of every task's job (the runtime's one heap metadata for tasks), read from a
    /// task of the walk's own: what tells a task's word from any other where no type says it
    /// (`LockedValue`, for a `Mutex` of a task); `nil` where memory cannot be read.
    static let jobClass: UInt? = {
        let task = Task<Void, Never> {}
        return RawMemory.word(at: word(of: task))
    }()

    /// The result type of the task whose job is at `job`, which the caller keeps alive: the
    /// metadata its future fragment names (`layout`), if believed.
    static func successType(ofJob job: UInt) -> Any.Type? {
        guard let layout, let metadata = RawMemory.word(at: job + UInt(layout.fragment + 8)) else { return nil }
        return TrustedType.type(metadata)
    }

    /// The context of the closure the task whose job is at `job` runs, if it is still executing;
    /// `success` is its result type.
    static func context(ofJob job: UInt, success: Any.Type) -> UInt? {
        guard let layout, RawMemory.word(at: job + UInt(layout.fragment + 8)) == TypeLayout.word(success),
            let queue = RawMemory.word(at: job + UInt(layout.fragment)), queue & 3 == 0
        else { return nil }
        let offset = layout.contextOffset(size: TypeLayout.size(of: success), alignment: TypeLayout.alignment(of: success))
        guard let context = RawMemory.word(at: job + UInt(offset)), context != 0 else { return nil }
        return context
    }

    /// A marker a calibration task's closure captures.
    private final class Marker: Sendable {}

    static func calibrate() -> Layout? {
        guard RawMemory.isAvailable, MemoryLayout<Int>.size == 8 else { return nil }
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        defer { open.finish() }
        let marker = Marker()
        let void = Task<Void, Never> {
            for await _ in gate {}
            _ = marker
        }
        let triple = Task<(Int, Int, Int), Never> {
            for await _ in gate {}
            _ = marker
            return (0, 0, 0)
        }
        let jobs = (word(of: void), word(of: triple))
        guard let fragment = offset(of: TypeLayout.word(Void.self), in: jobs.0),
            offset(of: TypeLayout.word((Int, Int, Int).self), in: jobs.1) == fragment
        else { return nil }
        let layout = Layout(fragment: fragment - 8)
        let markerID = ObjectIdentifier(marker)
        let fits = [(jobs.0, 0, 1), (jobs.1, 24, 8)].allSatisfy { job, size, alignment in
            guard let context = RawMemory.word(at: job + UInt(layout.contextOffset(size: size, alignment: alignment))) else { return false }
            return CaptureSearch.capture(of: markerID, inContext: context, closuresOnly: true) != nil
        }
        return withExtendedLifetime((void, triple)) { fits ? layout : nil }
    }

    /// The first word offset in the first 64 words at `address` that holds `word`.
    private static func offset(of word: UInt, in address: UInt) -> Int? {
        (0..<64).first { RawMemory.word(at: address + UInt($0 * 8)) == word }.map { $0 * 8 }
    }

    private static func word<Success>(of task: Task<Success, Never>) -> UInt {
        withUnsafeBytes(of: task) { $0.load(as: UInt.self) }
    }
}
