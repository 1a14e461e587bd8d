import CAllocator
import CoreFoundation
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The harness's one door to calls that are Linux's own: procfs and glibc's name for the
/// descriptor limit. Everything else in the module is portable Foundation, Dispatch and POSIX.
///
/// Elsewhere each member has a stated behaviour instead: no descriptor count (so nothing is
/// measured and the known costs are used) and the POSIX `RLIMIT_NOFILE`. `scripts/linux-guard.sh` fails when a Linux-only name stands
/// outside a guard anywhere in `Sources/`.
package enum SystemSeam {
    /// How many descriptors the process has open (`/proc/self/fd`); `nil` where procfs is missing
    /// (always, outside Linux): callers then measure nothing.
    package static func openDescriptorCount() -> Int? {
        #if os(Linux)
        return try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        #else
        return nil
        #endif
    }

    /// A descriptor that stands for nothing, closed on exec, or -1 when the system refuses one:
    /// opened and closed again to learn how many descriptors are left. `/dev/null` (POSIX), or,
    /// where it cannot be opened, the read end of a pipe whose write end is closed at once.
    package static func placeholderDescriptor() -> Int32 {
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard null < 0, errno != EMFILE, errno != ENFILE else { return null }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        return ends[0]
    }

    /// The process's limit on open descriptors, soft and hard.
    package static func descriptorLimit() -> (soft: UInt64, hard: UInt64)? {
        var limit = rlimit()
        guard getrlimit(descriptorResource, &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Sets the soft limit on open descriptors; returns whether the system accepted it.
    package static func setDescriptorSoftLimit(_ soft: UInt64) -> Bool {
        var limit = rlimit()
        guard getrlimit(descriptorResource, &limit) == 0 else { return false }
        limit.rlim_cur = rlim_t(soft)
        return setrlimit(descriptorResource, &limit) == 0
    }

    /// Bytes of address space the process may still map under its soft `RLIMIT_AS` (`ulimit -v`),
    /// from its current size (`VmSize` in `/proc/self/status`); `nil` with no limit, or where the
    /// size cannot be read (always, outside Linux): callers then assume room.
    package static func addressSpaceLeft() -> Int? {
        #if os(Linux)
        guard let limit = addressSpaceLimit(),
            let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return limit - kilobytes * 1024
        #else
        return nil
        #endif
    }

    /// The soft `RLIMIT_AS` in bytes, or `nil` for none.
    package static func addressSpaceLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(addressSpaceResource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(limit.rlim_cur)
    }

    #if os(Linux)
    private static var addressSpaceResource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_AS.rawValue) }
    #else
    private static var addressSpaceResource: Int32 { RLIMIT_AS }
    #endif

    #if os(Linux)
    private static var descriptorResource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
    #else
    private static var descriptorResource: Int32 { RLIMIT_NOFILE }
    #endif

    /// The size of the heap block that starts at `pointer` (glibc's `malloc_usable_size`, through
    /// the C target, as Glibc's Swift module does not export it; `malloc_size` on Darwin), or `nil`
    /// where neither exists: what bounds a read of an object's words to the object.
    package static func allocationSize(of pointer: UnsafeRawPointer) -> Int? {
        #if canImport(Glibc)
        return timerlab_usable_size(UnsafeMutableRawPointer(mutating: pointer))
        #elseif canImport(Darwin)
        return malloc_size(pointer)
        #else
        return nil
        #endif
    }

    /// The word at `address`, read so that an unreadable address fails instead of faulting
    /// (Linux's `process_vm_readv`, through the C target); `nil` when it cannot be read, and
    /// always elsewhere.
    package static func readWord(at address: UInt) -> UInt? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        var word: UInt = 0
        return timerlab_read_word(pointer, &word) == 1 ? word : nil
    }

    /// `count` bytes at `address`, read as `readWord` reads a word; `nil` when they cannot all be
    /// read, and always elsewhere.
    package static func readBytes(at address: UInt, count: Int) -> [UInt8]? {
        guard count > 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return count == 0 ? [] : nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { timerlab_read_bytes(pointer, $0.baseAddress, count) }
        return read == 1 ? bytes : nil
    }

    /// A strong reference to the Swift object at `address` whose first word was read as `isa`,
    /// taken only if that object is alive there at the moment it is taken (`timerlab_claim_strong`:
    /// one compare-exchange on its count); `nil` otherwise, with nothing changed.
    package static func claimObject(at address: UInt, isa: UInt) -> AnyObject? {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        switch timerlab_claim_strong(pointer, isa) {
        case 1: return Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
        case 2: return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        default: return nil
        }
    }

    /// Takes a strong reference to the heap object at `address` (a task's, say, which is no
    /// class instance) the same way; `true` when the caller now owns one (and must release it),
    /// `false` when none was taken. An immortal object is given one with `swift_retain`, which
    /// is then harmless.
    package static func claimReference(at address: UInt, isa: UInt) -> Bool {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return false }
        switch timerlab_claim_strong(pointer, isa) {
        case 1: return true
        case 2:
            _ = Unmanaged<AnyObject>.fromOpaque(pointer).retain()
            return true
        default: return false
        }
    }

    /// Whether `address` lies inside an image the dynamic linker loaded (`dladdr`, which reads
    /// only the linker's own lists).
    package static func isInLoadedImage(_ address: UInt) -> Bool {
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return false }
        return timerlab_in_loaded_image(pointer) == 1
    }

    /// Runs `runLoop` once in `mode` without waiting, on the calling thread, though the run loop
    /// is another thread's (CoreFoundation's `CFRunLoopRunSpecific`, through the C target):
    /// its timers that fell due fire here. `false` where CoreFoundation does not export it.
    package static func passOnce(_ runLoop: CFRunLoop, mode: CFRunLoopMode) -> Bool {
        timerlab_run_loop_pass(Unmanaged.passUnretained(runLoop).toOpaque(), Unmanaged.passUnretained(mode).toOpaque()) == 1
    }

    /// Bytes the C allocator has handed out and not taken back (glibc's `mallinfo2`, through the
    /// C target); 0 where that cannot be read: what bench measures memory with.
    package static func heapInUse() -> UInt64 {
        UInt64(timerlab_heap_in_use())
    }

    /// Runs `body` holding the `pthread_mutex_t` that `storage` keeps as its one element (a
    /// `ManagedBuffer` with no header: SwiftNIO's `LockStorage<Void>`, the storage of its
    /// `NIOLock`), if the mutex is free at once; `nil` when it is held (by this thread too: a
    /// check run from inside the lock's own work never waits for itself), and where the lock is
    /// another kind (off glibc). What `body` retains must be released before it returns: the
    /// lock is given back right after.
    package static func withBufferMutexIfFree<T>(_ storage: AnyObject, _ body: () -> T) -> T? {
        #if canImport(Glibc)
        return ManagedBufferPointer<Void, pthread_mutex_t>(unsafeBufferObject: storage).withUnsafeMutablePointerToElements { mutex in
            guard pthread_mutex_trylock(mutex) == 0 else { return nil }
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }
        #else
        return nil
        #endif
    }

    /// Ends the process at once with `status`, running no exit handlers: what a check does when
    /// code it cannot interrupt holds the actor it was called on (POSIX `_exit`).
    package static func endProcess(status: Int32) -> Never {
        _exit(status)
    }

    /// Runs `body` with this thread's reads served a page at a time from a cache
    /// (`timerlab_read_cache`): for a search of what may be stale anyway, which then holds the
    /// kernel's lock on the address space once a page, not once a word.
    package static func withPageCache<T>(_ body: () -> T) -> T {
        let on = timerlab_read_cache(1) == 1
        defer { if on { _ = timerlab_read_cache(0) } }
        return body()
    }

    /// Runs `body` while this thread's fault-tolerant reads (`readWord`, `readBytes`) copy from a
    /// still copy of the process, made at the call (`timerlab_still_copy_open`: a child that runs
    /// nothing, so none of its words changes while `body` reads them); `nil`, with `body` not run,
    /// where none can be made (always outside Linux). The copy ends before this returns.
    package static func withStillCopy<T>(_ body: () -> T) -> T? {
        var pid: Int32 = 0
        var fd: Int32 = -1
        guard timerlab_still_copy_open(&pid, &fd) == 1 else { return nil }
        timerlab_read_from(pid)
        defer {
            timerlab_read_from(0)
            timerlab_still_copy_close(pid, fd)
        }
        return body()
    }

    /// The process's mappings (`/proc/self/maps`): each one's range, whether it is private and
    /// writable, its offset in the file it maps and that file's path ("" for none); empty where
    /// procfs is missing (always, outside Linux).
    package static func mappings() -> [Mapping] {
        #if os(Linux)
        // Read to its end: procfs gives the file's size as 0, and a read sized by it stops short
        // in a process with many mappings.
        guard let data = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let columns = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let range = columns.first?.split(separator: "-") ?? []
            guard columns.count >= 5, range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                let offset = UInt(columns[2], radix: 16)
            else { return nil }
            let path = columns.count > 5 ? String(columns[5]).trimmingCharacters(in: .whitespaces) : ""
            return Mapping(
                start: start, end: end, privateWritable: columns[1].hasPrefix("rw") && columns[1].hasSuffix("p"), offset: offset, path: path
            )
        }
        #else
        return []
        #endif
    }

    /// One mapping of the process's address space.
    package struct Mapping: Sendable, Equatable {
        package let start: UInt
        package let end: UInt
        /// Readable, writable and private: where the program's own data lives.
        package let privateWritable: Bool
        package let offset: UInt
        package let path: String

        package init(start: UInt, end: UInt, privateWritable: Bool, offset: UInt, path: String) {
            (self.start, self.end, self.privateWritable, self.offset, self.path) = (start, end, privateWritable, offset, path)
        }
    }

    /// A number that changes whenever an image is loaded or unloaded (`timerlab_image_generation`);
    /// `nil` where it cannot be told.
    package static func imageGeneration() -> UInt64? {
        let generation = timerlab_image_generation()
        return generation == 0 ? nil : UInt64(generation)
    }

    /// The runtime's demangling of a Swift symbol (`timerlab_demangle`), or `nil`.
    package static func demangle(_ symbol: String) -> String? {
        guard let text = timerlab_demangle(symbol) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}
