/// One call of `expectFreed` or `requireFreed`, its arguments gathered once: both entry points,
/// in every shape of `start` and `beforeRelease`, make one and ask it to check.
struct CheckRequest<Object: AnyObject> {
    let settings: CheckSettings
    let make: () -> Object
    let start: StepClosure<Object>
    let beforeRelease: StepClosure<Object>?
    let site: CallSite

    /// The request of a call given `defaults`, settled against the defaults in force at the call.
    init(
        _ defaults: LifetimeDefaults, _ make: @escaping () -> Object, start: StepClosure<Object>, beforeRelease: StepClosure<Object>?,
        site: CallSite
    ) {
        (settings, self.make, self.start, self.beforeRelease, self.site) = (defaults.inForce, make, start, beforeRelease, site)
    }

    /// `expectFreed`: checks, then records a failure or a warning with the running test.
    func expect(isolation: isolated (any Actor)?) async -> LifetimeReport? {
        do {
            let report = try await run(isolation: isolation)
            FailureReporter.record(Judgement(report, strict: settings.strict), attachments: settings.attachments, at: site)
            return report
        } catch {
            EvidenceAttachment.record(error, attachments: settings.attachments, at: site)
            FailureReporter.record(error.description, at: site)
            return nil
        }
    }

    /// `requireFreed`: checks, throws a failure, records a warning. In an exit test's child, a
    /// failure ends the child with its report on standard error instead (`ExitTestChild`).
    func require(isolation: isolated (any Actor)?) async throws(LifetimeCheckError) -> LifetimeReport {
        let report: LifetimeReport
        do {
            report = try await run(isolation: isolation)
        } catch {
            throw failure(error)
        }
        switch Judgement(report, strict: settings.strict) {
        case .pass: break
        case .warn(let report):
            EvidenceAttachment.record(warning: report, attachments: settings.attachments, at: site)
            FailureReporter.record(report.description, warning: true, at: site)
        case .fail(let error): throw failure(error)
        }
        return report
    }

    /// `Lifetime.check`: the report, failing nothing.
    func run(isolation: isolated (any Actor)?) async throws(LifetimeCheckError) -> LifetimeReport {
        try await Lifetime.run(settings.durations, make, start: start, beforeRelease: beforeRelease, isolation: isolation)
    }

    /// The error `requireFreed` throws for `error`: in an exit test's child, the child ends with
    /// the report instead (`ExitTestChild`). In an XCTest test the failure is recorded at the
    /// line that called the check, as `XCTUnwrap` records its own; XCTest then also reports the
    /// thrown error, at `<EXPR>:0` (corelibs-xctest spares only its own errors, through a protocol
    /// it keeps internal), so that error reads as a pointer to the line, not the report again
    /// (`LifetimeCheckError.recordedAt`).
    private func failure(_ error: LifetimeCheckError) -> LifetimeCheckError {
        ExitTestChild.failIfCurrent(error.description, at: site)
        EvidenceAttachment.record(error, attachments: settings.attachments, at: site)
        guard !FailureReporter.swiftTestingIsRunningATest, XCTestBridge.xctFail != nil else { return error }
        FailureReporter.record(error.description, at: site)
        var pointer = error
        pointer.recordedAt = "\(site.fileID):\(site.line)"
        return pointer
    }
}
