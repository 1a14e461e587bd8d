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

/// A main-actor poller whose task, isolated to the main actor, waits a while before it lets go:
/// the check holds the actor, so the task cannot run before the verdict.
@MainActor final class PatientMainActorPoller {
    private var task: Task<Void, Never>?
    private(set) var polls = 0
    func start() {
        task = Task {
            try? await Task.sleep(for: .seconds(30))
            polls += 1
        }
    }
}

/// Advice true of a check on an actor: no longer patience is suggested for a task the held
/// actor keeps from running.
@Suite struct HeldActorAdviceTests {
    @MainActor @Test func aTaskOnTheHeldActorGetsNoLongerPatienceSuggested() async throws {
        let report = try await Lifetime.check(patience: .milliseconds(100)) {
            PatientMainActorPoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.description.contains("the check held your test's actor throughout"), "\(report)")
        #expect(!report.description.contains("a longer patience shows a late release"), "\(report)")
    }
}
