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

/// A main-actor repository whose polling task binds `self` once, before its loop: the task
/// keeps it for as long as it loops. Its stop (`task.cancel()`) frees it.
@MainActor final class PollingRepository {
    private var task: Task<Void, Never>?
    private(set) var polls = 0
    func start() {
        task = Task { [weak self] in
            guard let self else { return }
            while !Task.isCancelled {
                polls += 1
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// The same repository binding `self` anew on each turn of the loop: freed.
@MainActor final class PolitePollingRepository {
    private var task: Task<Void, Never>?
    private(set) var polls = 0
    func start() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                polls += 1
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// A main-actor search debouncer whose pending search keeps it until the search runs, 300 ms
/// after the last keystroke: freed late when the last keystroke comes right before release.
@MainActor final class SearchDebouncer {
    private var pending: Task<Void, Never>?
    private(set) var searches = 0
    func type(_ text: String) {
        pending?.cancel()
        pending = Task {
            try? await Task.sleep(for: .milliseconds(300))
            searches += 1
        }
    }
}

/// Counts the turns other work gets on the main actor.
@MainActor final class TurnCounter {
    var turns = 0
}

/// A check from a main-actor test leaves the actor to the app's other work while the object
/// runs: the object's own tasks start and end as in the app, and other work goes on.
@Suite(.timeLimit(.minutes(2))) struct ServedActorTests {
    @MainActor @Test func aPollingTaskThatBindsSelfBeforeItsLoopLeaks() async throws {
        let report = try await Lifetime.check {
            PollingRepository()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
    }

    @MainActor @Test func aPollingTaskThatBindsSelfOnEachTurnFrees() async throws {
        let report = try await Lifetime.check {
            PolitePollingRepository()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
    }

    @MainActor @Test func aDebouncersPendingSearchFreesItLate() async throws {
        let report = try await Lifetime.check {
            SearchDebouncer()
        } start: {
            $0.type("time")
        } beforeRelease: {
            $0.type("timer")
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.freedLate != nil, "\(report)")
    }

    @MainActor @Test func otherWorkOnTheActorRunsBetweenStartAndRelease() async throws {
        let counter = TurnCounter()
        let other = Task { @MainActor in
            while !Task.isCancelled {
                counter.turns += 1
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        defer { other.cancel() }
        var turnsAtStart = 0
        var turnsAtRelease = 0
        _ = try await Lifetime.check {
            PoliteBanner()
        } start: {
            $0.start()
            turnsAtStart = counter.turns
        } beforeRelease: { _ in
            turnsAtRelease = counter.turns
        }
        #expect(turnsAtRelease > turnsAtStart, "the actor ran no other work while the check ran the object")
    }
}
