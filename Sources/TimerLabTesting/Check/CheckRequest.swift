/// One call of `expectFreed` or `requireFreed`, its arguments gathered once: both entry points,
/// in both shapes of `start`, make one and ask it to check.
struct CheckRequest<Object: AnyObject> {
    let durations: CheckDurations
    let strict: Bool
    let make: () -> Object
    let start: StartStep<Object>
    let beforeRelease: ((Object) throws -> Void)?
    let site: CallSite

    /// `expectFreed`: checks, then records a failure or a warning with the running test.
    func expect(isolation: isolated (any Actor)?) async -> LifetimeReport? {
        do {
            let report = try await Lifetime.run(durations, make, start: start, beforeRelease: beforeRelease, isolation: isolation)
            switch Judgement(report, strict: strict) {
            case .pass: break
            case .warn(let text): FailureReporter.record(text, warning: true, at: site)
            case .fail(let error): FailureReporter.record(error.description, at: site)
            }
            return report
        } catch {
            FailureReporter.record(error.description, at: site)
            return nil
        }
    }

    /// `requireFreed`: checks, throws a failure, records a warning. In an exit test's child, a
    /// failure ends the child with its report on standard error instead (`ExitTestChild`).
    func require(isolation: isolated (any Actor)?) async throws(LifetimeCheckError) -> LifetimeReport {
        let report: LifetimeReport
        do {
            report = try await Lifetime.run(durations, make, start: start, beforeRelease: beforeRelease, isolation: isolation)
        } catch {
            ExitTestChild.failIfCurrent(error.description, at: site)
            throw error
        }
        switch Judgement(report, strict: strict) {
        case .pass: break
        case .warn(let text): FailureReporter.record(text, warning: true, at: site)
        case .fail(let error):
            ExitTestChild.failIfCurrent(error.description, at: site)
            throw error
        }
        return report
    }
}
