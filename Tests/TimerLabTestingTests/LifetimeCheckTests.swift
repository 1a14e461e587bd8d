import Foundation
import Testing
import TimerLab
import TimerLabTesting

/// The public check, on types a user might write: the verdict, the culprit by property path,
/// "nothing ran" for a type that starts nothing, and the Linux cause for block timers.
@Suite struct LifetimeCheckTests {
    @Test func aChildObjectsSourceIsNamedAsTheCulprit() async throws {
        let report = try await Lifetime.check { Dashboard() } start: { $0.start() }
        #expect(report.verdict == .leaked, "\(report)")
        #expect(report.culprit?.path == "ticker.source", "\(report)")
        #expect(report.culprit?.kind == .dispatchSourceTimer)
    }

    @Test func aTaskPropertyIsNamedAsTheCulprit() async throws {
        let report = try await Lifetime.check { Poller() } start: { $0.start() }
        #expect(report.verdict == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
        #expect(report.description.contains("stopping `task` (Task) freed it"))
    }

    @Test func aWeakTaskIsFreed() async throws {
        let report = try await Lifetime.check { PolitePoller() } start: { $0.start() }
        #expect(report.verdict == .freed, "\(report)")
        #expect(report.found.map(\.path) == ["task"])
    }

    @Test func theStopIsCalledBeforeRelease() async throws {
        let report = try await Lifetime.check { Poller() } start: { $0.start() } stop: { $0.task?.cancel() }
        #expect(report.verdict == .freed, "\(report)")
    }

    #if os(Linux)
    @Test func blockTimersInADictionaryAreNamedByKeyAndTheLinuxCauseIsGiven() async throws {
        let report = try await Lifetime.check { Clocks() } start: { $0.start() }
        #expect(report.verdict == .leaked, "\(report)")
        #expect(report.culprit == nil)
        #expect(Set(report.stopsTried) == [#"timers["utc"]"#, #"timers["local"]"#], "\(report)")
        #expect(report.description.contains("Foundation never releases a block Timer's closure"))
        // The repeating timers' fires are seen, before the release and after it (still driven).
        #expect(report.firesBeforeRelease > 0 && report.firesAfterRelease > 0, "\(report)")
    }
    #endif

    @Test func aTypeThatStartsNothingHasNoVerdict() async throws {
        let report = try await Lifetime.check { Idle() } start: { $0.start() }
        #expect(report.verdict == .nothingRan)
        #expect(!report.freed)
        #expect(report.description.contains("nothing ran"))
    }

    @Test func expectFreedRecordsTheReportForALeakAndForNothingRan() async throws {
        try await withKnownIssue {
            try await expectFreed { Poller() } start: { $0.start() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("culprit        stopping `task`") }
        }
        try await withKnownIssue {
            try await expectFreed { Idle() } start: { $0.start() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("nothing ran") }
        }
        try await expectFreed { PolitePoller() } start: { $0.start() }
    }
}
