/// Which of the layouts a process finds once, by calibration, a walk may read by: where
/// libdispatch keeps a source's handlers (`SourceHandler.route`) and where the Swift runtime
/// keeps a task's closure (`TaskOperation.layout`).
///
/// A calibration that failed is not silent: what the walk could not read by it is a `not
/// examined` line (issue 66, item 6), since a helper whose handlers were not read looks kept
/// from outside, and what it keeps is then read for its constants only.
struct Calibrations: Sendable, Equatable {
    /// Whether a source's handlers can be read.
    var sources: Bool
    /// Whether a task's closure can be read.
    var tasks: Bool

    /// What this process's calibrations found (each is made once, on first use).
    static var found: Calibrations {
        Calibrations(sources: sourcesFound, tasks: tasksFound)
    }

    /// Whether this process's calibration found a source's handlers: made now, if not before
    /// (a walk asks only once it meets a source, so no calibration runs at every walk).
    static var sourcesFound: Bool { SourceHandler.route != nil }
    /// Whether this process's calibration found a task's closure: made now, if not before.
    static var tasksFound: Bool { TaskOperation.layout != nil }
}
