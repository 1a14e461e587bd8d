import TimerLabHarness

/// Checks whether an object of your own is freed once released, on timerlab's harness, and
/// returns the report without failing anything (`expectFreed` and `requireFreed` fail the test).
///
/// The check runs where it is called. From a nonisolated test, the object is built and started
/// on a thread of the check's own, whose run loop the check runs (an `async` `start` runs there
/// too, and so do the default actors it calls). From a test isolated to an actor (a
/// `@MainActor` test, for a main-actor type), it is built and started on that actor; the check
/// then waits off the actor and comes back to it for each step that touches the object and for
/// a pass of the run loop its timers went on, so the actor runs its other work meanwhile.
public enum Lifetime {
    /// How long, by default, an object still alive after the grace period is watched further
    /// before it is called leaked: 2 s, past the late releases timer libraries make (a debouncer's
    /// sleeping task, 0.5 s; a one-shot that keeps itself until it fires, 1 s) with room for a
    /// loaded machine. A freed object costs nothing of it.
    public static let defaultPatience: Duration = .seconds(2)

    /// Runs one check and reports what it observed.
    ///
    /// - Parameters:
    ///   - defaults: How long the object runs and is watched, the patience and each step's time
    ///     limit: each value it leaves out is the one in force here (``LifetimeDefaults``). A
    ///     check that fails nothing takes no `strict` and attaches nothing.
    ///   - make: Builds the object; the check keeps the only strong reference to it.
    ///   - start: Starts the object's timers, tasks or observers, as your app does; it may be
    ///     `async` (an actor's own start method) and may throw, which fails the check.
    ///   - beforeRelease: What your app always calls before letting go of the object, if
    ///     anything; it runs right before the release, in the same stretch, and may throw.
    ///     Leave it out to check the object as your app's callers leave it.
    ///   - isolation: The caller's actor, filled in by the compiler; do not pass it.
    /// - Throws: `LifetimeCheckError` when the check could not observe the object, or a step of yours failed.
    public static func check<Object: AnyObject>(
        with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
        start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await CheckRequest(
            defaults, make, start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: .unrecorded
        ).run(isolation: isolation)
    }

    /// Runs one check of an object whose `start` is synchronous: the same check, with `start`
    /// called directly where the check runs it. The parameters are the other `check`'s.
    public static func check<Object: AnyObject>(
        with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
        start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await CheckRequest(
            defaults, make, start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: .unrecorded
        ).run(isolation: isolation)
    }

    /// What both `check`s run, and tracking (`tracked`: the test made and started the object,
    /// `start` does nothing).
    static func run<Object: AnyObject>(
        _ durations: CheckDurations, _ make: @escaping () -> Object, start: StepClosure<Object>,
        beforeRelease: StepClosure<Object>?, isolation: isolated (any Actor)?, typeName: String? = nil, tracked: Bool = false
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        if isolation != nil, case .async? = beforeRelease {
            throw LifetimeCheckError(
                code: .threw,
                reason: "\(Object.self): an async beforeRelease cannot run here: from a test isolated to an actor, the check "
                    + "makes your stop and the release one step on that actor, with nothing of the actor's other work between "
                    + "them, which an await would allow; check it from a nonisolated test, or give a synchronous beforeRelease")
        }
        let timeout = durations.timeout
        let settings = try durations.settings()
        let steps = UserSteps(make: make, start: start, beforeRelease: beforeRelease, progress: CheckProgress())
        let typeName = typeName ?? String(describing: Object.self)
        let runner = StepRunner(steps: steps, settings: settings, timeout: timeout, typeName: typeName)
        let result: Result<RunEvidence, HarnessError>?
        if let isolation {
            result = await runner.runOnActor(isolation: isolation)
        } else {
            result = await runner.runOffActor()
        }
        if let failure = steps.progress.failure {
            throw LifetimeCheckError(failure, typeName: typeName)
        }
        switch result {
        case .success(let evidence)?:
            return await report(evidence, noted: steps.progress.noted, typeName: typeName, patience: durations.patience, tracked: tracked)
        case .failure(let error)?:
            throw LifetimeCheckError(error, typeName: typeName)
        case nil:
            throw LifetimeCheckError(code: .timedOut, reason: "\(typeName): the check did not finish")
        }
    }

    /// The report of a run that reached a verdict; of a freed object, with its tree judged: what
    /// it alone kept, watched since release, and the culprit search of each part still alive.
    private static func report(
        _ evidence: RunEvidence, noted: CheckProgress.Noted, typeName: String, patience: Duration, tracked: Bool
    ) async -> LifetimeReport {
        var report = ReportBuilder(typeName: typeName, noted: noted, patience: patience, tracked: tracked).report(evidence)
        if report.freed {
            let outcomes = await WatchedChild.outcomes(noted.children, patience: patience)
            report.children = await WatchedChild.culprits(of: outcomes, watched: noted.children, handles: noted.handles)
            report.libraryWorkLeft = await RepeatingWork.leftRunning(noted.repeatingWork, patience: patience)
        }
        return report
    }
}
