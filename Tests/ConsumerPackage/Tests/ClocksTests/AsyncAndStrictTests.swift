import Clocks
import Testing
import TimerLabTesting

/// An actor checked by awaiting its own start, and the strict form on a plain model.
@Suite struct AsyncAndStrictTests {
    // docs: async-start
    @Test func theTimeZoneStoreIsFreed() async {
        await expectFreed {
            TimeZoneStore()
        } start: {
            try await $0.start()
        }
    }
    // docs: end

    // docs: async-stop
    @Test func theWorldClockSyncIsFreedOnceItsAsyncBeforeReleaseIsAwaited() async {
        await expectFreed {
            WorldClockSync()
        } start: {
            await $0.start()
        } beforeRelease: {
            await $0.stop()
        }
    }
    // docs: end

    @Test func withoutItsStopTheWorldClockSyncLeaks() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            WorldClockSync()
        } start: {
            await $0.start()
        }
        #expect(report.fate == .leaked && report.culprit?.path == "task", "\(report)")
    }

    // docs: strict
    @Test func settingsAreFreedButAStrictCheckWantsSomethingRunning() async throws {
        // A plain model passes: freed, and the report says it proves nothing about timers.
        let report = try await requireFreed {
            ClockSettings()
        } start: {
            $0.start()
        }
        #expect(!report.sawSomethingRunning)
        // A strict check fails a freed object when no timer, task, source, work item or observer ran.
        await #expect(throws: LifetimeCheckError.self) {
            try await requireFreed(with: LifetimeDefaults(strict: true)) {
                ClockSettings()
            } start: {
                $0.start()
            }
        }
    }
    // docs: end
}
