import Foundation
import TimerLabHarness

/// A write that did not go through: to standard output, or to the `--output` file.
package struct WriteFailure: Error, Equatable, CustomStringConvertible {
    /// What was written to: `standard output`, or a file's path.
    package let target: String
    /// The `errno` the system gave.
    package let code: Int32

    /// The reader went away (a closed pipe): nothing worth a message, as with `cat`.
    package var isBrokenPipe: Bool { code == EPIPE }

    package var description: String {
        "cannot write to \(target): \(String(cString: strerror(code)))"
    }
}
