import Foundation
import Testing
import TimerLabTesting

/// Each entry point fails the running test once per failed check, with the whole report: a
/// leak fails, a freed object passes, a holder property left nil is a warning.
@Suite(.timeLimit(.minutes(2))) struct ReportingTests {
    @Test func expectFreedRecordsOneIssueWithTheReportForALeakAndReturns() async throws {
        var report: LifetimeReport?
        await withKnownIssue {
            report = await expectFreed {
                Poller()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("culprit        cancelling `task`") }
        }
        #expect(report?.verdict == .leaked)
        await expectFreed {
            PolitePoller()
        } start: {
            $0.start()
        }
    }

    @Test func aHolderPropertyLeftNilIsRecordedAsAWarningNotAFailure() async throws {
        await withKnownIssue {
            await expectFreed {
                FeedViewModel()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.severity == .warning && issue.comments.contains { $0.rawValue.contains("did start start it?") }
        }
    }

    @Test func requireFreedThrowsTheReportForALeakAndReturnsItWhenFreed() async throws {
        do {
            try await requireFreed {
                Poller()
            } start: {
                $0.start()
            }
            Issue.record("a leak did not throw")
        } catch {
            #expect(error.code == .notFreed)
            #expect(error.report?.verdict == .leaked)
            #expect(error.description.contains("Poller: LEAKED"), "\(error)")
        }
        let report = try await requireFreed {
            PolitePoller()
        } start: {
            $0.start()
        }
        #expect(report.freed)
    }

    @Test func aLeakOutsideAnyTestIsReturnedByExpectAndThrownByRequire() async throws {
        // A detached task is outside the current test: no test is there to record an issue, so
        // expectFreed writes the report to standard error and returns it; requireFreed throws.
        let (expected, required) = await Task.detached { () -> (LifetimeReport?, LifetimeCheckError?) in
            let report = await expectFreed {
                Poller()
            } start: {
                $0.start()
            }
            do throws(LifetimeCheckError) {
                try await requireFreed {
                    Poller()
                } start: {
                    $0.start()
                }
                return (report, nil)
            } catch {
                return (report, error)
            }
        }.value
        #expect(expected?.verdict == .leaked)
        #expect(required?.code == .notFreed && required?.report?.verdict == .leaked)
    }
}
