import Foundation
import Testing
import TimerLabTesting

/// Main-actor types, checked from main-actor tests with the same call: built, started, released
/// and observed on the main actor, with the run loop their timers went on running.
@Suite(.timeLimit(.minutes(2))) struct MainActorCheckTests {
    @MainActor @Test func aMainActorOwnerWhoseTimerHoldsItLeaks() async throws {
        let report = try await Lifetime.check {
            Banner()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.holders.map(\.path) == ["timer"], "\(report)")
        #expect(report.timerTicksBeforeRelease > 0, "\(report)")
        #if os(Linux)
        #expect(report.capturingClosures.map(\.path) == ["timer"], "\(report)")
        #endif
    }

    @MainActor @Test func aMainActorOwnerCapturingWeaklyIsFreedAndItsIsolatedDeinitStopsTheTimer() async throws {
        let report = try await Lifetime.check {
            PoliteBanner()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.timerTicksBeforeRelease > 0, "\(report)")
        #expect(report.holders.first?.goingAfterRelease == false, "\(report)")
    }

    @MainActor @Test func expectFreedFailsAMainActorLeak() async throws {
        await withKnownIssue {
            await expectFreed {
                Banner()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Banner: LEAKED") }
        }
    }
}
