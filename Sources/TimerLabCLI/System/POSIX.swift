#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's door to the POSIX calls it makes on descriptors and processes: portable
/// names, and the one place where an interrupted call (EINTR) is retried.
///
/// Nothing in the command line outside `System/` calls the C library on a descriptor or a process
/// (`scripts/linux-guard.sh` checks it).
enum POSIX {
    /// Calls `body` until it does not fail with EINTR (a signal arrived meanwhile), and returns
    /// what it returned last; `errno` is then that call's.
    static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        var result: Result
        repeat {
            result = body()
        } while result < 0 && errno == EINTR
        return result
    }

    /// Opens `path`, retrying an interrupted open (a FIFO's open can wait for a reader).
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        retryingInterrupts { systemOpen(path, flags, mode) }
    }

    /// Writes up to `count` bytes, retrying an interrupted write; the count written, or -1.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        retryingInterrupts { systemWrite(descriptor, bytes, count) }
    }

    /// Writes one byte; 0 if it was written, else the `errno` (EAGAIN: the pipe is full).
    static func writeByte(_ descriptor: Int32, _ value: UInt8 = 1) -> Int32 {
        var byte = value
        return write(descriptor, &byte, 1) == 1 ? 0 : errno
    }

    /// Reads up to `count` bytes, retrying an interrupted read; the count read, 0 at end, or -1.
    static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        retryingInterrupts { systemRead(descriptor, bytes, count) }
    }

    /// Closes `descriptor`: 0, or -1 with `errno`. Never retried: on Linux the descriptor is
    /// gone even when close reports EINTR, and a retry could close one opened since; EINTR is
    /// therefore taken as success.
    @discardableResult
    static func close(_ descriptor: Int32) -> Int32 {
        systemClose(descriptor) == 0 || errno == EINTR ? 0 : -1
    }

    /// Makes reads and writes on `descriptor` never block (or, with `false`, block again).
    static func setNonBlocking(_ descriptor: Int32, _ nonBlocking: Bool = true) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(descriptor, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Whether `descriptor` is open.
    static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    /// Makes `descriptor` another name for `source`.
    static func duplicate(_ source: Int32, onto descriptor: Int32) -> Bool { dup2(source, descriptor) == descriptor }

    /// Waits until one of `descriptors` is ready or `milliseconds` pass; how many are ready, 0, or -1.
    static func poll(_ descriptors: inout [pollfd], milliseconds: Int32) -> Int32 {
        systemPoll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }

    /// The inode of the pipe open at `descriptor`, or `nil` if it is not a pipe.
    static func pipeInode(_ descriptor: Int32) -> UInt64? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
        return UInt64(status.st_ino)
    }

    /// Sends `signal` to process `pid`.
    static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        systemKill(pid, signal)
    }

    /// Waits for child `pid` to end (or, not `blocking`, looks whether it has); its pid, 0, or -1.
    static func wait(for pid: pid_t, status: inout Int32, blocking: Bool) -> pid_t {
        retryingInterrupts { waitpid(pid, &status, blocking ? 0 : WNOHANG) }
    }

    /// This process's id.
    static func processID() -> pid_t { getpid() }

    /// The id of this process's parent: whoever adopted it, once the one that started it is gone.
    static func parentProcessID() -> pid_t { getppid() }
}

// The C library's functions, at file scope, where the members of `POSIX` do not shadow them.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
private func systemPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(descriptors, count, milliseconds)
}
