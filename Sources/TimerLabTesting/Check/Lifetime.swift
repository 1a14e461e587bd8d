import TimerLabHarness

/// Checks whether an object of your own is freed once released, on timerlab's harness, and
/// returns the report without failing anything (`expectFreed` fails the test for you).
///
/// The check runs where it is called. From a nonisolated test, the object is built and started
/// on a thread of the check's own with a run loop of its own. From a test isolated to an actor
/// (a `@MainActor` test, for a main-actor type), it is built, started, released and observed on
/// that actor, within one synchronous stretch, and the run loop of the thread running that
/// stretch is the one the check runs: under XCTest the main thread's, where main-actor code
/// schedules its timers; under Swift Testing on Linux, the thread the main actor runs on, where
/// a timer scheduled from main-actor code goes too.
public enum Lifetime {
    /// Runs one check and reports what it observed.
    ///
    /// - Parameters:
    ///   - running: How long the object runs before release.
    ///   - grace: How long it is watched after release before the verdict.
    ///   - make: Builds the object; the check keeps the only strong reference to it.
    ///   - start: Starts the object's timers or tasks, as your app does.
    ///   - beforeRelease: What your app always calls before letting go of the object, if
    ///     anything. Leave it out to check the object as your app's callers leave it: a stop
    ///     here that your app does not always make hides a leak.
    ///   - isolation: The caller's actor, filled in by the compiler; do not pass it.
    /// - Throws: `LifetimeCheckError` when the check could not observe at all.
    public static func check<Object: AnyObject>(
        running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20),
        _ make: @escaping () -> Object,
        start: @escaping (Object) -> Void,
        beforeRelease: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        let settings = try CheckDurations(running: running, grace: grace).settings()
        let subject = UserSubject(make, start: start, beforeRelease: beforeRelease).subject
        let result: Result<RunEvidence, HarnessError>
        if isolation == nil {
            do { result = .success(try await Harness().observe(subject, settings: settings)) } catch { result = .failure(error) }
        } else {
            result = Harness().runOnCurrentThread(subject, settings: settings)
        }
        switch result {
        case .success(let evidence): return ReportBuilder(typeName: subject.name).report(evidence)
        case .failure(let error): throw LifetimeCheckError(reason: error.sentence(naming: "type"))
        }
    }
}
