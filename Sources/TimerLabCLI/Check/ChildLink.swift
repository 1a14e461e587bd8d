import CTimerLabSupport
import Foundation
import TimerLabHarness

/// What ties a `check` child to its parent: a lifeline pipe whose write end only the parent
/// holds (the child reads end-of-file once the parent is gone, however it ended), and a progress
/// pipe on which the child's harness beats while it works.
///
/// The child learns both from `TIMERLAB_CHECK_CHILD`: `<lifeline fd>:<lifeline inode>:<progress
/// fd>:<progress inode>`. The inodes make the variable unmistakable: one exported by a user, or
/// copied from another process, names descriptors that are not those very pipes, and is ignored.
enum ChildLink {
    /// The environment variable a child of `check` is started with.
    static let variable = "TIMERLAB_CHECK_CHILD"

    /// In a child of `check`: asks the kernel to kill it when the parent dies, then reads the
    /// lifeline, so a parent that died before the request is seen too (it then exits at once,
    /// quietly: nobody is left to report to); then beats on the progress pipe while it works.
    static func adopt(_ environment: [String: String]) {
        guard let value = environment[variable], let link = Link(value), link.isOurs else { return }
        _ = timerlab_arm_parent_death(1)
        if link.lifelineAtEnd {
            exit(ExitStatus.internalFailure.rawValue)
        }
        close(link.lifeline)
        _ = fcntl(link.progress, F_SETFL, fcntl(link.progress, F_GETFL) | O_NONBLOCK)
        let progress = link.progress
        Heartbeat.install {
            var byte: UInt8 = 1
            _ = write(progress, &byte, 1)  // a full pipe (a stopped parent) drops the beat: nothing waits
        }
    }

    /// The four numbers of the variable.
    private struct Link {
        let lifeline: Int32
        let lifelineInode: UInt64
        let progress: Int32
        let progressInode: UInt64

        init?(_ value: String) {
            let parts = value.split(separator: ":").map(String.init)
            guard parts.count == 4, let lifeline = Int32(parts[0]), let lifelineInode = UInt64(parts[1]),
                let progress = Int32(parts[2]), let progressInode = UInt64(parts[3])
            else { return nil }
            (self.lifeline, self.lifelineInode, self.progress, self.progressInode) = (lifeline, lifelineInode, progress, progressInode)
        }

        /// Whether both descriptors are the very pipes `check` made for this child.
        var isOurs: Bool {
            ChildLink.pipeInode(lifeline) == lifelineInode && ChildLink.pipeInode(progress) == progressInode
        }

        /// Whether the lifeline reads end-of-file now: its one writer, the parent, is gone.
        var lifelineAtEnd: Bool {
            var descriptor = pollfd(fd: lifeline, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) == 1 else { return false }
            return descriptor.revents & Int16(POLLHUP) != 0 && descriptor.revents & Int16(POLLIN) == 0
        }
    }

    /// The inode of the pipe open at `descriptor`, or `nil` if it is not a pipe.
    static func pipeInode(_ descriptor: Int32) -> UInt64? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
        return UInt64(status.st_ino)
    }
}

/// The parent's end of the lifeline: a pipe whose read end every child gets and whose write end
/// only this process holds, closed by the kernel however the process ends.
final class Lifeline {
    let readEnd: Int32
    let inode: UInt64
    private let writeEnd: Int32

    /// `nil` when no pipe can be had: children then die with the parent through the kernel's
    /// request alone, as before (and a child started in the instant the parent dies may outlive it).
    init?() {
        var ends: [Int32] = [-1, -1]
        guard timerlab_pipe(&ends, 0) == 0, let inode = ChildLink.pipeInode(ends[0]) else { return nil }
        (readEnd, writeEnd, self.inode) = (ends[0], ends[1], inode)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
