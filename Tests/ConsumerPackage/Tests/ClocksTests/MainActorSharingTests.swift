import Testing
import TimerLabTesting

/// A main-actor view model whose feed task binds `self` before its loop: the task keeps it.
@MainActor final class FeedModel {
    private var refresh: Task<Void, Never>?
    private(set) var refreshes = 0
    func appear() {
        refresh = Task { [weak self] in
            guard let self else { return }
            while !Task.isCancelled {
                refreshes += 1
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }
}

/// A main-actor search field that searches 300 ms after the last keystroke, holding itself
/// until then.
@MainActor final class SearchField {
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

/// A check from a main-actor test shares the actor: the view model's own tasks run as in the app.
@Suite struct MainActorSharingTests {
    @MainActor @Test func aFeedTaskThatBindsSelfBeforeItsLoopLeaks() async throws {
        let report = try await Lifetime.check {
            FeedModel()
        } start: {
            $0.appear()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "refresh", "\(report)")
    }

    @MainActor @Test func aSearchPendingAtReleaseFreesTheFieldLate() async throws {
        let report = try await Lifetime.check {
            SearchField()
        } start: {
            $0.type("tim")
        } beforeRelease: {
            $0.type("timer")
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.freedLate != nil, "\(report)")
    }
}
