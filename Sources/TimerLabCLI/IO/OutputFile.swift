import Foundation
import TimerLabHarness

/// The file `--output` names, opened the way `tee` opens one: never replaced, only written.
///
/// The path is opened for writing in place: a symbolic link is followed, a FIFO or a device is
/// written to, permissions are respected, and `-` is standard output. A read-only regular file is
/// refused even for root, who could otherwise write it. A FIFO with no reader is refused at once
/// instead of blocking forever.
struct OutputFile {
    /// Where the report goes.
    let stream: FileDescriptorStream

    /// Why a path cannot be written; the sentence names the path.
    struct Problem: Error, Equatable {
        let message: String
        /// Whether the path itself is wrong (a directory, a missing folder), which is a usage error.
        var isAboutThePath = false
    }

    /// Opens `path` for writing, leaving its contents until the report is written; throws before
    /// anything is written.
    static func open(_ path: String) throws(Problem) -> OutputFile {
        if let kind = POSIX.fileKind(atPath: path) {
            if kind.isDirectory {
                throw Problem(message: "--output '\(path)' is a directory; give a file name", isAboutThePath: true)
            }
            if kind.isRegular, !kind.isWritable {
                throw Problem(message: "--output '\(path)' is read-only; timerlab does not overwrite it")
            }
        }
        if path.hasSuffix("/") {
            throw Problem(message: "--output '\(path)' names a directory; give a file name", isAboutThePath: true)
        }
        let descriptor = POSIX.open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENXIO: throw Problem(message: "--output '\(path)' is a FIFO that no process is reading")
            case ENOENT:
                throw Problem(message: "--output '\(path)': no such directory '\(folder(of: path))'", isAboutThePath: true)
            default: throw Problem(message: "--output '\(path)': \(String(cString: strerror(code)))")
            }
        }
        // O_NONBLOCK was only for the open of a FIFO; writes must wait for a slow reader.
        POSIX.setNonBlocking(descriptor, false)
        return OutputFile(stream: FileDescriptorStream(descriptor: descriptor, name: "'\(path)'"))
    }

    /// Writes all of `text` as the file's whole contents, under an exclusive advisory lock.
    ///
    /// Two runs given the same `--output` each hold the lock from truncation to the last byte,
    /// so the file is one report or the other, never a mix. A FIFO or device is written as is.
    func writeWhole(_ text: String) throws(WriteFailure) {
        POSIX.lockExclusively(stream.descriptor)
        let regular = POSIX.fileKind(of: stream.descriptor)?.isRegular == true
        if regular, let code = POSIX.truncate(stream.descriptor) {
            throw WriteFailure(target: stream.name, code: code)
        }
        do {
            try stream.write(text)
        } catch {
            // A file-size limit or a full disk: leave no fragment that a reader could take for a report.
            if regular { _ = POSIX.truncate(stream.descriptor) }
            throw error
        }
    }

    /// Closes the file; a failure here is a failed write (NFS, quotas).
    func close() throws(WriteFailure) {
        if POSIX.close(stream.descriptor) != 0 {
            throw WriteFailure(target: stream.name, code: errno)
        }
    }

    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}

extension OutputFile {
    /// Opens `--output` for `command`: a path that names no file is a usage error; one the system
    /// refuses is an I/O error.
    static func open(_ path: String, for command: CommandSpec.Name) throws -> OutputFile {
        do {
            return try open(path)
        } catch let problem where problem.isAboutThePath {
            throw UsageError(message: problem.message, command: command)
        } catch {
            throw OutputOpenFailure(message: error.message)
        }
    }
}

extension CommandIO {
    /// Writes `report` to the `--output` file and says so on standard output (with `note`, if
    /// any), or writes it to standard output when there is no file.
    func deliver(_ report: String, to output: OutputFile?, path: String?, format: String, note: String? = nil) throws {
        guard let output, let path else {
            try writeOut(report)
            return
        }
        try output.writeWhole(report)
        try output.close()
        try writeOut("wrote \(format) report to \(path)\(note.map { ": \($0)" } ?? "")\n")
    }
}

/// The `--output` file could not be opened for a reason outside the command line (permissions,
/// a read-only file, a FIFO nobody reads).
struct OutputOpenFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
