import Dispatch
import Foundation
import TimerLab

/// Checks whether an object of your own is freed once released, on timerlab's harness.
///
/// The run is the harness's own: the object is built and started on a thread with a run loop of
/// its own, which runs `ticks` intervals; then the optional stop, the release, a grace period of
/// `grace` intervals, the observation, and clean-up, which for a leaked object stops what it
/// found one at a time to name the culprit. A `@MainActor` type cannot be built on that thread
/// (the compiler refuses the closure): check its timer-owning parts, which are not isolated.
public enum Lifetime {
    /// Runs one check and reports what it observed.
    ///
    /// - Throws: `HarnessError` when the harness could not run or observe at all (no thread,
    ///   descriptors or a control that never ticked); a type that starts nothing is a report
    ///   whose verdict is `nothingRan`, not an error.
    public static func check<Object: AnyObject>(
        ticks: Int = 3, interval: Duration = .milliseconds(10), grace: Int = 2,
        _ make: @escaping @Sendable () -> Object,
        start: @escaping @Sendable (Object) -> Void,
        stop: (@Sendable (Object) -> Void)? = nil
    ) async throws(HarnessError) -> LifetimeReport {
        let typeName = String(describing: Object.self)
        let subject = Subject(name: typeName, countsTicks: false) { context in
            UserOwner(object: make(), context: context, start: start, stop: stop)
        }
        let settings = RunSettings(ticks: ticks, interval: interval.seconds, grace: grace)
        do {
            return report(typeName, try await Harness().observe(subject, settings: settings))
        } catch .didNotStart {
            return LifetimeReport(
                typeName: typeName, verdict: .nothingRan, found: [], culprit: nil, stopsTried: [], stillRunning: false,
                firesBeforeRelease: 0, firesAfterRelease: 0, events: [])
        }
    }

    private static func report(_ typeName: String, _ evidence: RunEvidence) -> LifetimeReport {
        LifetimeReport(
            typeName: typeName, verdict: evidence.outcome.owner == .freed ? .freed : .leaked,
            found: evidence.watched, culprit: evidence.culprit, stopsTried: evidence.stopsTried,
            stillRunning: evidence.outcome.afterRelease == .running,
            firesBeforeRelease: evidence.firesBeforeRelease, firesAfterRelease: evidence.firesAfterRelease, events: evidence.events)
    }
}
