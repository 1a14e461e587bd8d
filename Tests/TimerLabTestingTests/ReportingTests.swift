import Foundation
import Testing
import TimerLabTesting

/// Whichever entry point is called, a leak and "nothing ran" fail the running test with the
/// whole report; a freed object passes.
@Suite struct ReportingTests {
    @Test func expectFreedRecordsTheReportForALeakAndForNothingRan() async throws {
        try await withKnownIssue {
            try await expectFreed {
                Poller()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("culprit        stopping `task`") }
        }
        try await withKnownIssue {
            try await expectFreed {
                Idle()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("nothing ran") }
        }
        try await expectFreed {
            PolitePoller()
        } start: {
            $0.start()
        }
    }

    @Test func assertFreedFailsASwiftTestingTestToo() async throws {
        try await withKnownIssue {
            try await assertFreed {
                Poller()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Poller: LEAKED") }
        }
        try await assertFreed {
            PolitePoller()
        } start: {
            $0.start()
        }
    }

    @Test func aLeakReportedOutsideAnyTestThrowsWithTheReport() async throws {
        // A detached task is outside the current test: no test is there to record the issue.
        let outcome = await Task.detached { () -> LifetimeCheckError? in
            do {
                try await expectFreed {
                    Poller()
                } start: {
                    $0.start()
                }
                return nil
            } catch let error as LifetimeCheckError {
                return error
            } catch {
                return nil
            }
        }.value
        #expect(outcome?.report?.verdict == .leaked, "\(String(describing: outcome))")
        #expect(outcome?.reason.contains("was not freed (leaked)") == true)
    }
}
