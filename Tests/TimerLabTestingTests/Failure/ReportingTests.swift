import Foundation
import TestSupport
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
            issue.comments.contains { $0.rawValue.contains("culprit               cancelling `task`") }
        }
        #expect(report?.fate == .leaked)
        await expectFreed {
            PolitePoller()
        } start: {
            $0.start()
        }
    }

    @Test func aFailureIsARecordedIssueWhoseCommentIsTheReport() async throws {
        // Recorded as any issue a library records (`Issue.record`): no error (nothing threw), no
        // expression (no `#expect` ran), the report as the one comment, headline first.
        await withKnownIssue {
            await expectFreed {
                Poller()
            } start: {
                $0.start()
            }
        } matching: { issue in
            guard case .unconditional = issue.kind, issue.error == nil, issue.comments.count == 1 else { return false }
            let report = issue.comments[0].rawValue
            return report.hasPrefix("Poller: LEAKED, held by `task`") && report.contains("\n  culprit")
                && issue.sourceLocation?.fileID == "TimerLabTestingTests/ReportingTests.swift"
        }
    }

    /// A helper that checks for its caller passes the caller's location on, and the failure is
    /// recorded there, not in the helper.
    @Test func aHelpersCallerIsWhereItsFailureIsRecorded() async {
        func expectPollerFreed(sourceLocation: SourceLocation = #_sourceLocation) async {
            await expectFreed({ Poller() }, start: { $0.start() }, sourceLocation: sourceLocation)
        }
        let line = #line + 2
        await withKnownIssue {
            await expectPollerFreed()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == "TimerLabTestingTests/ReportingTests.swift"
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
            #expect(error.report?.fate == .leaked)
            #expect(error.text.contains("Poller: LEAKED"), "\(error)")
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
        #expect(expected?.fate == .leaked)
        #expect(required?.code == .notFreed && required?.report?.fate == .leaked)
    }
}

/// The other shapes of each entry point: an async start, a check that cannot run, the former name.
@Suite(.timeLimit(.minutes(2))) struct EntryPointShapeTests {
    @Test func expectFreedAndRequireFreedTakeAnAsyncStart() async throws {
        await withKnownIssue {
            await expectFreed {
                FeedStore()
            } start: {
                try await $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("cancelling `task` (Task) freed it") }
        }
        let report = try await requireFreed {
            PoliteFeedStore()
        } start: {
            try await $0.start()
        }
        #expect(report.freed && report.holders.map(\.path) == ["task"], "\(report)")
        do {
            try await requireFreed {
                FeedStore()
            } start: {
                try await $0.start()
            }
            Issue.record("a leak did not throw")
        } catch {
            #expect(error.code == .notFreed && error.report?.culprit?.path == "task")
        }
    }

    @Test func aCheckThatCannotRunIsRecordedOnceAndReturnsNoReport() async {
        var report: LifetimeReport?
        await withKnownIssue {
            report = await expectFreed(with: LifetimeDefaults(running: .zero)) {
                ProfileModel()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("running, grace and timeout must be longer than zero") }
        }
        #expect(report == nil)
        await withKnownIssue {
            await expectFreed(with: LifetimeDefaults(timeout: .zero)) {
                ProfileModel()
            } start: {
                try await Task.sleep(for: .milliseconds(1))
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("must be longer than zero") }
        }
    }
}
