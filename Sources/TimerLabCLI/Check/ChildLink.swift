import Foundation
import TimerLabHarness

/// What ties a `check` child to its parent: the parent's process id, and a progress pipe on which
/// the child's harness beats while it works.
///
/// The child learns both from `TIMERLAB_CHECK_CHILD`: `<parent pid>:<progress fd>:<progress inode>`.
/// The inode makes the variable unmistakable: one exported by a user, or copied from another
/// process, names a descriptor that is not that very pipe, and is ignored.
enum ChildLink {
    /// The environment variable a child of `check` is started with.
    static let variable = "TIMERLAB_CHECK_CHILD"

    /// The variable's value for a child of this process that beats on `progress`.
    static func value(progress: Int32) -> String? {
        POSIX.pipeInode(progress).map { "\(POSIX.processID()):\(progress):\($0)" }
    }

    /// In a child of `check`: asks the kernel to kill it when the parent dies, then makes sure the
    /// parent is still its parent, so a parent that died before the request is seen too (it then
    /// exits at once, quietly: nobody is left to report to); then beats on the progress pipe while
    /// it works.
    ///
    /// The parent's id, not a pipe's end, tells: a pipe's write end can live on for a moment in a
    /// sibling that `posix_spawn` has cloned and not yet exec'd, and a child that looked then was
    /// left running. Once the parent is gone the child is someone else's, whoever adopted it.
    static func adopt(_ environment: [String: String]) {
        guard let value = environment[variable], let link = Link(value), link.isOurs else { return }
        POSIX.armParentDeath()
        if POSIX.parentProcessID() != link.parent {
            _exit(ExitStatus.internalFailure.rawValue)
        }
        POSIX.setNonBlocking(link.progress)
        let progress = link.progress
        Heartbeat.install {
            // A full pipe (a stopped parent) drops the beat: nothing waits. A pipe nobody reads any
            // more means the parent is gone: where the kernel's request does not exist, this ends
            // the child within a tenth of a second of work.
            if POSIX.writeByte(progress) == EPIPE {
                _exit(ExitStatus.internalFailure.rawValue)
            }
        }
    }

    /// The three numbers of the variable.
    private struct Link {
        let parent: pid_t
        let progress: Int32
        let progressInode: UInt64

        init?(_ value: String) {
            let parts = value.split(separator: ":").map(String.init)
            guard parts.count == 3, let parent = pid_t(parts[0]), let progress = Int32(parts[1]),
                let progressInode = UInt64(parts[2])
            else { return nil }
            (self.parent, self.progress, self.progressInode) = (parent, progress, progressInode)
        }

        /// Whether the descriptor is the very pipe `check` made for this child.
        var isOurs: Bool { POSIX.pipeInode(progress) == progressInode }
    }
}
