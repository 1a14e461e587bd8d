import Foundation
import TestSupport
import Testing

@testable import TimerLabTesting

/// Every entry point that takes a location passed on (`sourceLocation:`) checks as its
/// compiler-located twin does, and records what it records at that location, never in the helper.
@Suite(.timeLimit(.minutes(2))) struct PassedOnLocationTests {
    static let location = SourceLocation(fileID: "App/FeedTests.swift", filePath: "/src/App/FeedTests.swift", line: 42, column: 7)

    @Test func eachShapeOfExpectFreedPassesAFreedObject() async {
        let here = Self.location
        let reports = [
            await expectFreed({ PolitePoller() }, start: { $0.start() }, sourceLocation: here),
            await expectFreed({ PolitePoller() }, start: { (poller: PolitePoller) async in poller.start() }, sourceLocation: here),
            await expectFreed(
                { PolitePoller() }, start: { $0.start() }, beforeRelease: { (_: PolitePoller) async in }, sourceLocation: here),
        ]
        #expect(reports.allSatisfy { $0?.freed == true }, "\(reports)")
    }

    @Test func eachShapeOfRequireFreedPassesAFreedObject() async throws {
        let here = Self.location
        let reports = [
            try await requireFreed({ PolitePoller() }, start: { $0.start() }, sourceLocation: here),
            try await requireFreed({ PolitePoller() }, start: { (poller: PolitePoller) async in poller.start() }, sourceLocation: here),
            try await requireFreed(
                { PolitePoller() }, start: { $0.start() }, beforeRelease: { (_: PolitePoller) async in }, sourceLocation: here),
        ]
        #expect(reports.allSatisfy { $0.freed }, "\(reports)")
    }

    /// A leak and a `track` with no leak check are each recorded at the location passed on.
    @Test func whatIsRecordedIsRecordedThere() async {
        await withKnownIssue {
            await expectFreed(with: LifetimeDefaults(patience: .zero), { Poller() }, start: { $0.start() }, sourceLocation: Self.location)
        } matching: { issue in
            issue.sourceLocation == Self.location
        }
        withKnownIssue {
            track(PolitePoller(), sourceLocation: Self.location)
        } matching: { issue in
            issue.sourceLocation == Self.location && "\(issue)".contains("has no leak check")
        }
    }
}
