import Foundation

/// A timer, source or task a run watched, and where the owner kept it (for a user's type).
package struct HolderRecord: Sendable, Equatable, Codable {
    /// The property path, or `nil` for what a catalog scenario registered itself.
    package var path: String?
    /// What it is.
    package var kind: ObjectKind
    /// Whether it was still scheduled at the end of the grace period (a task: still running).
    package var goingAfterRelease = false
    /// Whether it was still going when the owner was released (`nil` if that was not looked at).
    package var goingAtRelease: Bool? = nil
    /// For a `Timer`: one-shot or repeating, and when it was due, as found.
    package var shape: TimerShape? = nil
    /// For a `Timer` still valid at the end of the grace period: how long past due it was then
    /// (seconds). Long past due, no run loop was running it.
    package var overdueAfterRelease: TimeInterval? = nil
    /// For a `Timer` found far past due: how far (seconds), when the harness moved its fire date
    /// to now rather than let its run loop step through every missed interval.
    package var catchUpSkipped: TimeInterval? = nil
    /// The path of the object, kept elsewhere too, that it sits in: the harness did not stop it.
    package var keptElsewhere: String? = nil
    /// For a dispatch source: whether it was suspended when the harness stopped it (and so was
    /// resumed to let its cancellation take effect); `nil` when that could not be read.
    package var wasSuspended: Bool? = nil
}
