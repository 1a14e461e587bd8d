import Foundation
import TimerLabHarness

/// Writes whole strings to a file descriptor with `write(2)`, reporting failure instead of trapping.
///
/// Foundation's `FileHandle.write` traps on any error (a full disk, a closed pipe); a command-line
/// tool must end quietly there instead, with an exit status.
struct FileDescriptorStream: Sendable {
    let descriptor: Int32
    /// How failures name it: `standard output`, or a path.
    let name: String

    /// Writes all of `text`, retrying short writes and interruptions.
    func write(_ text: String) throws(WriteFailure) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { POSIX.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                throw WriteFailure(target: name, code: errno)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
