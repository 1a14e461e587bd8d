#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's door to the POSIX calls it makes on descriptors and processes: portable
/// names, and the one place where an interrupted call (EINTR) is retried.
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
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        retryingInterrupts { openFile(path, flags, mode) }
    }

    /// Writes up to `count` bytes, retrying an interrupted write; the count written, or -1.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        retryingInterrupts { writeBytes(descriptor, bytes, count) }
    }

    /// Reads up to `count` bytes, retrying an interrupted read; the count read, 0 at end, or -1.
    static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        retryingInterrupts { readBytes(descriptor, bytes, count) }
    }

    /// Closes `descriptor`: 0, or -1 with `errno`. Never retried: on Linux the descriptor is
    /// gone even when close reports EINTR, and a retry could close one opened since; EINTR is
    /// therefore taken as success.
    static func close(_ descriptor: Int32) -> Int32 {
        closeDescriptor(descriptor) == 0 || errno == EINTR ? 0 : -1
    }

    /// Sends `signal` to process `pid`.
    static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        sendSignal(pid, signal)
    }
}

// The C library's functions, at file scope, where the members above do not shadow them.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func readBytes(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, bytes, count) }
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
