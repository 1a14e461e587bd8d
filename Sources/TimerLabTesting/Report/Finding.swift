/// A timer, dispatch source or task found in the object's stored properties.
public struct Finding: Sendable, Equatable {
    /// What was found.
    public enum Kind: Sendable, Equatable {
        /// A Foundation `Timer`.
        case timer
        /// A `DispatchSourceTimer`.
        case dispatchSource
        /// A `Task`.
        case task

        /// The type's name, as reports write it: `Timer`, `DispatchSourceTimer`, `Task`.
        public var name: String {
            switch self {
            case .timer: return "Timer"
            case .dispatchSource: return "DispatchSourceTimer"
            case .task: return "Task"
            }
        }
    }

    /// Where the object keeps it: `ticker.source`, `timers["utc"]`, `task`.
    public let path: String
    /// What it is.
    public let kind: Kind
    /// Whether it was still going at the end of the grace period, in the kind's own terms: a
    /// `Timer` still valid, a source not cancelled, a task whose body had not returned.
    public let goingAfterRelease: Bool
    /// For a dispatch source the check stopped: whether it was suspended (or never resumed) then.
    /// `nil` when it was not stopped, or its state could not be read.
    public let wasSuspended: Bool?

    /// `still valid`, `not cancelled`, `still running` (or what ended it), as reports say it.
    var stateAfterRelease: String {
        switch (kind, goingAfterRelease) {
        case (.timer, true): return "still valid after release"
        case (.timer, false): return "invalidated by release"
        case (.dispatchSource, true): return "not cancelled after release"
        case (.dispatchSource, false): return "cancelled by release"
        case (.task, true): return "still running after release"
        case (.task, false): return "cancelled or returned by release"
        }
    }
}
