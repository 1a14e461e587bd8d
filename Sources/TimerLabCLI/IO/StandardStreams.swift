import Foundation
import Synchronization
import TimerLabHarness

/// The process's standard output and error, made safe to write to whatever state they are in.
enum StandardStreams {
    /// Standard output.
    static let output = FileDescriptorStream(descriptor: STDOUT_FILENO, name: "standard output")
    /// Standard error.
    static let error = FileDescriptorStream(descriptor: STDERR_FILENO, name: "standard error")

    private static let secured = Atomic<Bool>(false)

    /// Makes sure descriptors 0 to 2 exist and that a closed pipe is an error, not a signal's death
    /// in the middle of a write we could report.
    ///
    /// A descriptor the caller closed (`>&-`, `2>&-`) would otherwise be handed out by the next
    /// `open` or `pipe`, and a report meant for the terminal would land in a child's pipe. It is
    /// filled with `/dev/null`; for standard output the stream is then replaced by one that fails,
    /// so `timerlab list >&-` still reports that it could not write.
    static func secure() {
        guard !secured.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where !POSIX.isOpen(descriptor) {
            let null = POSIX.open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                _ = POSIX.duplicate(null, onto: descriptor)
                POSIX.close(null)
            }
            if descriptor == STDOUT_FILENO {
                outputWasClosed.store(true, ordering: .releasing)
            }
        }
    }

    private static let outputWasClosed = Atomic<Bool>(false)

    /// Writes to standard output; fails as a closed descriptor would if it was closed at start.
    static func writeOutput(_ text: String) throws(WriteFailure) {
        if outputWasClosed.load(ordering: .acquiring) {
            throw WriteFailure(target: output.name, code: EBADF)
        }
        try output.write(text)
    }

    /// Writes to standard error, or nowhere if it cannot.
    static func writeError(_ text: String) {
        try? error.write(text)
    }
}
