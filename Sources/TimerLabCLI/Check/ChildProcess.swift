import Foundation
import TimerLabHarness

/// One `timerlab leak` child of `check`: started with `posix_spawn`, its output read without threads.
///
/// The child's standard output and error are non-blocking pipes the supervisor polls; its standard
/// input is `/dev/null`. It starts with SIGINT, SIGTERM and SIGHUP at their default actions, and
/// with the progress pipe of its `ChildLink`, which it beats on while it works and whose read end
/// the supervisor polls too.
final class ChildProcess {
    let pid: pid_t
    let started = ContinuousClock.now
    /// The read ends of its standard output and error; -1 once closed.
    private(set) var output: Int32
    private(set) var error: Int32
    /// The read end of its progress pipe; -1 once closed.
    private(set) var progress: Int32
    /// When it last showed progress (its start, or its last beat read).
    private(set) var lastProgress = ContinuousClock.now
    /// Whether it has beaten at all: it is past its start-up, the busiest stretch of its life.
    private(set) var hasBeaten = false
    private(set) var outputBytes: [UInt8] = []
    private(set) var errorBytes: [UInt8] = []
    /// The wait status, once reaped.
    private(set) var waitStatus: Int32?
    /// Whether the supervisor killed it for making no progress for too long.
    var killedForTime = false

    /// Why a child could not be started, with the `errno`.
    struct StartFailure: Error {
        let code: Int32
        /// Whether waiting for other children to end may free what was missing.
        var isShortage: Bool { [EMFILE, ENFILE, EAGAIN, ENOMEM].contains(code) }
        var reason: String { String(cString: strerror(code)) }
    }

    /// Starts `executable` with `arguments` and `environment`, tied to this process (`ChildLink`).
    init(executable: String, arguments: [String], environment: [String: String]) throws(StartFailure) {
        let pipes = try Self.makePipes(3)
        defer { pipes.forEach { POSIX.close($0.write) } }
        var environment = environment
        environment[ChildLink.variable] = ChildLink.value(progress: pipes[2].write)
        let spawned = POSIX.spawn(
            executable, arguments, environment, output: pipes[0].write, error: pipes[1].write, inherited: [pipes[2].write])
        switch spawned {
        case .success(let pid):
            self.pid = pid
        case .failure(let failure):
            pipes.forEach { POSIX.close($0.read) }
            throw StartFailure(code: failure.code)
        }
        (output, self.error, progress) = (pipes[0].read, pipes[1].read, pipes[2].read)
        [output, self.error, progress].forEach { POSIX.setNonBlocking($0) }
    }

    /// `count` pipes, closed on exec: for the child's standard output, error and progress.
    private static func makePipes(_ count: Int) throws(StartFailure) -> [(read: Int32, write: Int32)] {
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<count {
            guard let ends = POSIX.pipe() else {
                let code = errno
                pipes.forEach { [$0.read, $0.write].forEach { POSIX.close($0) } }
                throw StartFailure(code: code)
            }
            pipes.append(ends)
        }
        return pipes
    }

    /// The descriptors still open, for `poll`.
    var openDescriptors: [Int32] { [output, error, progress].filter { $0 >= 0 } }

    /// Reads whatever `descriptor` has; closes it at its end. A beat on the progress pipe is progress.
    func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                if descriptor == output {
                    outputBytes += buffer[..<count]
                } else if descriptor == error {
                    errorBytes += buffer[..<count]
                } else {
                    (lastProgress, hasBeaten) = (.now, true)
                }
                continue
            }
            if count < 0, errno == EAGAIN { return }
            // End of file, or an error that will not go away: either way this stream is done.
            POSIX.close(descriptor)
            if descriptor == output { output = -1 } else if descriptor == error { error = -1 } else { progress = -1 }
            return
        }
    }

    /// Reaps the child if it has ended; returns whether it has.
    @discardableResult
    func reap(blocking: Bool = false) -> Bool {
        guard waitStatus == nil else { return true }
        var status: Int32 = 0
        let result = POSIX.wait(for: pid, status: &status, blocking: blocking)
        if result == pid {
            waitStatus = status
        } else if result < 0, errno == ECHILD {
            // Reaped by someone else (SIGCHLD ignored after all): it has ended, status unknown.
            waitStatus = Self.unknownEnd
        }
        return waitStatus != nil
    }

    /// The status recorded for a child that ended without our seeing how: exit 70.
    static let unknownEnd: Int32 = 70 << 8

    /// Whether it has ended and its streams are read to the end.
    var isDone: Bool { waitStatus != nil && output < 0 && error < 0 && progress < 0 }

    /// Ends it at once, with no chance to ignore the request; never once it has been reaped.
    ///
    /// Until it is reaped, a child's pid cannot be given to another process (SIGCHLD is at its
    /// default, so the kernel does not reap it for us): the signal can only reach this child.
    func kill() {
        guard waitStatus == nil else { return }
        _ = POSIX.kill(pid, SIGKILL)
    }

    /// Kills it if it is still running, reaps it and closes its streams.
    func stop() {
        if waitStatus == nil {
            kill()
            reap(blocking: true)
        }
        openDescriptors.forEach { POSIX.close($0) }
        (output, error, progress) = (-1, -1, -1)
    }

    /// The signal that ended it, or `nil` if it exited.
    var terminatingSignal: Int32? {
        guard let status = waitStatus, status & 0x7F != 0 else { return nil }
        return status & 0x7F
    }

    /// Its exit code, or `nil` if a signal ended it.
    var exitCode: Int32? {
        guard let status = waitStatus, status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// What it wrote to standard output and error, as text.
    var outputText: String { String(decoding: outputBytes, as: UTF8.self) }
    var errorText: String { String(decoding: errorBytes, as: UTF8.self) }
}
