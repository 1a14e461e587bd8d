import Testing
import TimerLabTesting

/// A feed reader as an actor: its loop holds it until the app awaits its stop.
actor FeedReader {
    private var task: Task<Void, Never>?
    private(set) var loads = 0

    func start() {
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                self.load()
            }
        }
    }

    func stop() async {
        task?.cancel()
        task = nil
    }

    private func load() { loads += 1 }
}

struct StopRefused: Error {}

/// An actor whose stop is `async` is checked the way the app retires it: the stop is awaited
/// right before the release.
@Suite(.timeLimit(.minutes(2))) struct AsyncBeforeReleaseTests {
    @Test func anActorRetiredByItsAsyncBeforeReleaseIsFreed() async throws {
        let report = try await requireFreed {
            FeedReader()
        } start: {
            await $0.start()
        } beforeRelease: {
            await $0.stop()
        }
        #expect(report.freed && report.freedLate == nil, "\(report)")
    }

    @Test func withoutItsStopTheSameActorLeaks() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            FeedReader()
        } start: {
            await $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
    }

    @Test func anAsyncBeforeReleaseThatThrowsFailsTheCheckWithItsError() async {
        await #expect {
            try await Lifetime.check {
                FeedReader()
            } start: {
                await $0.start()
            } beforeRelease: { (reader: FeedReader) async throws in
                await reader.stop()
                throw StopRefused()
            }
        } throws: { error in
            let error = error as? LifetimeCheckError
            return error?.code == .threw && error?.reason.contains("beforeRelease threw an error: StopRefused()") == true
        }
    }

    @MainActor @Test func anAsyncBeforeReleaseFromAnActorIsolatedTestIsRefusedWithWhy() async {
        await #expect {
            try await Lifetime.check {
                FeedReader()
            } start: {
                await $0.start()
            } beforeRelease: {
                await $0.stop()
            }
        } throws: { error in
            let error = error as? LifetimeCheckError
            return error?.code == .threw && error?.reason.contains("check it from a nonisolated test") == true
        }
    }
}
