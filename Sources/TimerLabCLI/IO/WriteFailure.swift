import Foundation

/// A write that did not go through: to standard output, or to the `--output` file.
public struct WriteFailure: Error, Equatable, CustomStringConvertible {
    /// What was written to: `standard output`, or a file's path.
    public let target: String
    /// The `errno` the system gave.
    public let code: Int32

    /// The reader went away (a closed pipe): nothing worth a message, as with `cat`.
    public var isBrokenPipe: Bool { code == EPIPE }

    public var description: String {
        "cannot write to \(target): \(String(cString: strerror(code)))"
    }
}
