import Foundation
import Testing

@testable import TimerLabCLI

/// A child of `check`, one process at a time: started with its pipes, read to the end, reaped;
/// killed when asked; tied to this process by its variable.
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
    /// Polls the child's streams until it has ended and they are read (bounded by the time limit).
    static func finish(_ child: ChildProcess) {
        while !child.isDone {
            var descriptors = child.openDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = POSIX.poll(&descriptors, milliseconds: 100)
            descriptors.filter { $0.revents != 0 }.forEach { child.drain($0.fd) }
            child.reap()
        }
    }

    static func shell(_ script: String) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test func itsOutputErrorAndExitAreReadWhole() throws {
        let child = try Self.shell("printf out; printf err >&2; exit 3")
        Self.finish(child)
        #expect(child.outputText == "out")
        #expect(child.errorText == "err")
        #expect(child.exitCode == 3)
        #expect(child.terminatingSignal == nil)
    }

    @Test func aKilledChildEndsBySIGKILLAndIsReaped() throws {
        let child = try Self.shell("exec sleep 60")
        #expect(!child.reap(), "it ended before it was killed")
        child.kill()
        Self.finish(child)
        #expect(child.terminatingSignal == SIGKILL)
        #expect(child.exitCode == nil)
    }

    /// The variable names this process and the child's progress pipe, which is open in the child
    /// under that number: the child's own `adopt` would take it as ours.
    @Test func theChildsVariableNamesThisProcessAndItsProgressPipe() throws {
        let child = try Self.shell(
            #"v=$TIMERLAB_CHECK_CHILD; fd=${v#*:}; fd=${fd%%:*}; printf '%s' "$v"; [ -p /proc/self/fd/$fd ] && printf ' pipe'"#)
        Self.finish(child)
        let words = child.outputText.split(separator: " ")
        let parts = words.first?.split(separator: ":") ?? []
        #expect(parts.count == 3, "\(child.outputText)")
        #expect(parts.first.map(String.init) == String(getpid()))
        #expect(words.last == "pipe", "the progress descriptor is not a pipe in the child: \(child.outputText)")
    }

    @Test func aMissingExecutableIsAStartFailureWithItsReason() {
        #expect(throws: ChildProcess.StartFailure.self) {
            try ChildProcess(executable: "/nonexistent/timerlab", arguments: [], environment: [:])
        }
    }
}
