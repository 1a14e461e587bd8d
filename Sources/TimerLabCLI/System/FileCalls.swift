#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// What is at a path or a descriptor, as far as writing a report there goes.
    struct FileKind {
        /// A directory.
        let isDirectory: Bool
        /// A regular file.
        let isRegular: Bool
        /// Whether its mode lets anyone write it.
        let isWritable: Bool

        init(_ status: stat) {
            isDirectory = status.st_mode & S_IFMT == S_IFDIR
            isRegular = status.st_mode & S_IFMT == S_IFREG
            isWritable = status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
        }
    }

    /// What is at `path` (following links), or `nil` if nothing is.
    static func fileKind(atPath path: String) -> FileKind? {
        var status = stat()
        return stat(path, &status) == 0 ? FileKind(status) : nil
    }

    /// What `descriptor` is open on, or `nil` if it cannot be told.
    static func fileKind(of descriptor: Int32) -> FileKind? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? FileKind(status) : nil
    }

    /// Waits for an exclusive advisory lock on `descriptor`.
    static func lockExclusively(_ descriptor: Int32) {
        _ = retryingInterrupts { flock(descriptor, LOCK_EX) }
    }

    /// Empties the file open at `descriptor` and moves to its start; `errno` if that failed.
    static func truncate(_ descriptor: Int32) -> Int32? {
        ftruncate(descriptor, 0) == 0 && lseek(descriptor, 0, SEEK_SET) == 0 ? nil : errno
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The columns of the terminal at `descriptor`, or `nil` when they cannot be read.
    static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
