import Foundation

/// One positive control of a run: a piece of machinery seen working (or not) in one phase.
///
/// A negative fact ("never fired", "nothing ticked after release", "stopping did not free it")
/// is reported only beside controls that were seen; a run with an unseen control is an error of
/// the tool, never a verdict. Every observation carries the controls its verdict rests on.
package struct Control: Sendable, Equatable, Codable {
    /// What was watched.
    package enum What: String, Sendable, Codable, CaseIterable {
        /// The run's run loop ran in the harness's mode: a control timer on it fired.
        case runLoop = "run-loop"
        /// The run's dispatch queue ran a block: a control dispatch timer on it fired (a worker thread existed).
        case queue
        /// Swift's global executor ran a task: a control task loop ticked (a worker thread existed).
        case executor
        /// The clean-up's stop completed: every timer it stopped reads as stopped (a task as cancelled).
        case stop

        /// The three pieces of machinery a control timer ticks on.
        package static let machinery: [What] = [.runLoop, .queue, .executor]

        /// What an unseen control most likely means, for the one line that reports it.
        package var likelyCause: String {
            switch self {
            case .runLoop: return "the run's thread did not get to run its run loop (is the machine overloaded?)"
            case .queue: return "no dispatch worker thread ran the run's queue (\(Self.threadLimitQuestion))"
            case .executor: return Self.executorCause
            case .stop: return "the clean-up's stop did not take effect"
            }
        }

        /// Why Swift's executor ran no task, told by whether the system refuses a thread now: if
        /// it does not, the executor's threads (as many as cores) were busy, most likely with
        /// other tests that block them, which no limit explains.
        private static var executorCause: String {
            guard HarnessThread.refusalNow() != nil else {
                return "Swift's executor ran no task in time: its \(ProcessInfo.processInfo.activeProcessorCount) threads were all "
                    + "busy, most likely with other tests that block them (a synchronous wait, a long computation with no await)"
            }
            return "Swift's executor ran no task (no worker thread: \(threadLimitQuestion))"
        }

        /// Which limit most likely refused a thread: the process limit, or under `ulimit -v` the
        /// address space too.
        private static var threadLimitQuestion: String {
            SystemSeam.addressSpaceLimit() == nil
                ? "is the process limit, ulimit -u, too low?"
                : "is the process limit, ulimit -u, or the address space, ulimit -v, too low?"
        }

        /// Whether an unseen control of this kind means the system refused a resource (a thread).
        package var isResourceShortage: Bool { self == .queue || self == .executor }
    }

    /// The part of the run whose negative facts the control backs.
    package enum Phase: String, Sendable, Codable, CaseIterable {
        /// Before release, when the subject's timer did not reach its ticks: backs `fired`.
        case beforeRelease = "before-release"
        /// After release, until the grace period ends: backs the owner's fate and ticks after release.
        case grace
        /// After the clean-up's stop: backs `freedOnceStopped` and `ticksAfterStop`.
        case afterStop = "after-stop"
    }

    /// What was watched.
    package var what: What
    /// When.
    package var phase: Phase
    /// Whether it was seen working: a control tick after the phase began (plus one interval).
    package var seen: Bool

    /// Creates a control record.
    package init(what: What, phase: Phase, seen: Bool) {
        (self.what, self.phase, self.seen) = (what, phase, seen)
    }
}
