import CTimerLabSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP turned into bytes on a pipe, so the poll loop sees them.
final class InterruptPipe {
    let readEnd: Int32
    private let writeEnd: Int32

    /// `nil` if no pipe could be had; the signals then keep their default actions, and the children
    /// still die with their parent.
    init?() {
        guard let ends = POSIX.pipe(nonBlocking: true) else { return nil }
        (readEnd, writeEnd) = ends
        guard timerlab_route_interrupts(writeEnd) == 0 else {
            timerlab_restore_interrupts()
            POSIX.close(readEnd)
            POSIX.close(writeEnd)
            return nil
        }
    }

    /// The signal that arrived.
    func signal() -> Int32 {
        var byte: UInt8 = 0
        return POSIX.read(readEnd, &byte, 1) == 1 ? Int32(byte) : SIGINT
    }

    func close() {
        timerlab_restore_interrupts()
        POSIX.close(readEnd)
        POSIX.close(writeEnd)
    }
}
