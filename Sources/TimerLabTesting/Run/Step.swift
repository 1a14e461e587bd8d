/// The parts of a check that run the user's code, by the names reports and errors use.
enum Step: String, Sendable {
    /// Before the run: the harness admits it and starts its thread.
    case queued
    /// `make`: building the object.
    case make
    /// `start`: starting it, as the app does.
    case start
    /// The check reads the object (after `start`, and after `beforeRelease`): only its own code
    /// runs, on the object's thread; the watchdog does not count it as the object's (a walk of
    /// thousands of holders on a loaded machine is the check's time, not a hang of the user's).
    case walking
    /// Between start and release: only the harness's code runs.
    case running
    /// `beforeRelease`: the app's stop.
    case beforeRelease
    /// After release: only the harness's code runs.
    case released

    /// Whether the user's own code runs in this step (and so may hang or throw).
    var runsUserCode: Bool { self == .make || self == .start || self == .beforeRelease }
}
