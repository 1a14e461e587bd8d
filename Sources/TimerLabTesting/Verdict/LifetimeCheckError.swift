import TimerLabHarness

/// Why a check failed without a passing report: it could not observe the object, a step of
/// yours failed, or (from `requireFreed`, or outside any test) the report was a failure.
///
/// Switch on `code`; `reason` is one sentence for people, and `report` is there whenever the
/// check got as far as a verdict.
public struct LifetimeCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, to switch on.
    public enum Code: Sendable, Equatable, CaseIterable {
        /// `running`, `grace` or `timeout` is zero, negative or out of bounds.
        case invalidDurations
        /// The system refused what a check needs: a thread, a dispatch worker, file descriptors.
        case systemRefused
        /// A positive control did not tick, so a negative fact would rest on nothing.
        case noControl
        /// `start` or `beforeRelease` threw (`reason` carries the error), or an `async`
        /// `beforeRelease` was given from a test isolated to an actor, where it cannot be awaited.
        case threw
        /// `make`, `start` or `beforeRelease` did not return within the time limit, or the run
        /// did not finish within its own.
        case timedOut
        /// The object was not freed (`requireFreed`, or `expectFreed` outside any test).
        case notFreed
        /// Freed, but nothing timer-like was seen running, in a strict check.
        case nothingSeenRunning
        /// Freed only after the grace period, within the patience, in a strict check.
        case freedLate
        /// Freed, but a timer, source or task it started went on after release with nothing
        /// left to act on (`LifetimeReport.leftRunning`), in a strict check.
        case leftRunning
    }

    /// What kind of failure.
    public let code: Code
    /// One sentence: what went wrong.
    public let reason: String
    /// The report, when the check got as far as a verdict.
    public let report: LifetimeReport?
    /// Where the failure was recorded, with its report, when XCTest runs the test: XCTest
    /// reports the thrown error once more, at `<EXPR>:0`, and its description then points to that
    /// line. As `Module/File.swift:12`.
    var recordedAt: String?

    init(code: Code, reason: String, report: LifetimeReport? = nil) {
        self.code = code
        self.reason = reason
        self.report = report
    }

    /// A step of the user's that failed.
    init(_ failure: CheckProgress.Failure, typeName: String) {
        switch failure {
        case .threw(let step, let error):
            self.init(code: .threw, reason: "\(typeName): \(step.rawValue) threw an error: \(error)")
        case .hung(let step, let limit):
            self.init(
                code: .timedOut,
                reason: "\(typeName): \(step.rawValue) did not return within \(limit) (the check's timeout); "
                    + "the check stopped waiting and left it running")
        case .heldTheActor(let limit):
            self.init(
                code: .timedOut,
                reason: "\(typeName): a timer's block the check fired on your test's actor did not return within \(limit) "
                    + "(the check's timeout)")
        case .heldTheThread(let step, let limit):
            self.init(
                code: .timedOut,
                reason: "\(typeName): code of the object's on the check's thread (a timer's block, a run-loop source) did not "
                    + "return within \(limit) (the check's timeout) after \(step == .running ? "start" : "the release"); "
                    + "the check stopped waiting and left that thread to it")
        }
    }

    /// A run the harness could not complete.
    init(_ error: HarnessError, typeName: String) {
        let code: Code
        switch error {
        case .controlFailed where !error.isResourceShortage: code = .noControl
        case .timedOut: code = .timedOut
        default: code = .systemRefused
        }
        self.init(code: code, reason: error.sentence(naming: "type"))
    }

    /// The reason, and the whole report when there is one: what a test shows for a thrown error.
    /// A leak's report says it all in its first line; a freed object that fails a strict check
    /// is headed by the reason, so a report that reads `FREED` is never taken for a pass.
    /// Under XCTest, where the whole text was already recorded at the calling line, it is the
    /// first line and where that is.
    public var description: String {
        let whole = report.map { code == .notFreed ? $0.description : "\(reason)\n\($0.description)" } ?? reason
        guard let recordedAt else { return whole }
        return "\(FailureReporter.headline(whole)); see the failure recorded at \(recordedAt)"
    }
}
