import Clocks
import Foundation
import Testing
import TimerLabTesting

/// The package's own types, checked for leaks with timerlab's harness. One suite, run serially, so
/// the thread count below sees this package's checks only.
@Suite(.serialized) struct ClocksLifetimeTests {
    @Test func theWorldClockLeaksThroughItsRefreshersSource() async throws {
        let report = try await Lifetime.check {
            WorldClockScreen()
        } start: {
            $0.appear()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "refresher.source", "\(report)")
    }

    // docs: poller-report
    @Test func theTimeServerPollerLeaksThroughItsTask() async throws {
        let report = try await Lifetime.check {
            TimeServerPoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
    }
    // docs: end

    // docs: seconds-hand
    @Test func anUnstoredTimerLeaksTheSecondsHand() async throws {
        let report = try await Lifetime.check {
            SecondsHand()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.holders.isEmpty && report.timerScheduledByStart, "\(report)")
        #expect(report.description.contains("an unstored Timer whose block captures self"), "\(report)")
    }
    // docs: end

    @Test func anUnstoredTaskLeaksTheTimeSyncer() async throws {
        let report = try await Lifetime.check {
            TimeSyncer()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(!report.timerScheduledByStart, "\(report)")
        #expect(report.heldFromOutside, "\(report)")
        #expect(report.fix?.contains("a Task begun in start and not stored") == true, "\(report)")
    }

    @Test func aSnoozedAlarmLeaksAndItsSuspendedSourceIsLeftAsFound() async throws {
        let report = try await Lifetime.check {
            SnoozedAlarm()
        } start: {
            $0.start()
            $0.snooze()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The check never resumes a source the app suspended: it cancels it and leaves it so.
        #expect(report.culprit == nil, "\(report)")
        #expect(report.candidates.first?.path == "source" && report.candidates.first?.wasSuspended == true, "\(report)")
    }

    @Test func aMetronomeStoppedBeforeReleaseLeaksAndIsJudgedAtOnce() async throws {
        // Its source is cancelled: nothing it stores can let go of it, and the closure it keeps
        // captures it, so no patience is spent (30 s would be).
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(30))) {
            Metronome()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.stop()
        }
        #expect(report.fate == .leaked && report.judgedWithoutPatience, "\(report)")
        #expect(report.holders.map(\.path) == ["source"] && report.holders.first?.goingAtRelease == false, "\(report)")
        #expect(report.capturingClosures.map(\.path) == ["onTick"], "\(report)")
    }

    @MainActor @Test func aMainActorBannerWhoseTimerHoldsItLeaks() async throws {
        let report = try await Lifetime.check {
            ScrollingBanner()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.timerTicksBeforeRelease > 0, "\(report)")
    }

    // docs: careful-banner
    @MainActor @Test func theCarefulBannerIsFreed() async {
        await expectFreed {
            CarefulBanner()
        } start: {
            $0.start()
        }
    }
    // docs: end

    // docs: careful-poller
    @Test func theCarefulPollerIsFreed() async {
        await expectFreed {
            CarefulPoller()
        } start: {
            $0.start()
        }
    }
    // docs: end

    @Test func expectFreedFailsThisTestWithTheReportForALeak() async throws {
        await withKnownIssue {
            await expectFreed {
                TimeServerPoller()
            } start: {
                $0.start()
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("cancelling `task` (Task) freed it") }
        }
    }

    @Test func expectFreedFailsALeakBelowTheObject() async throws {
        await withKnownIssue {
            await expectFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
                KioskScreen()
            } start: {
                $0.appear()
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("KioskScreen: freed, but `ticker` (KioskTicker) LEAKED, held by `ticker.timer` (Timer)")
            }
        }
    }

    /// A helper kept only by its own source's handler is the board's: its leak fails, and the
    /// check proves what holds it by cancelling that source.
    @Test func expectFreedFailsALeakThroughAHelpersOwnSource() async throws {
        await withKnownIssue {
            await expectFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
                StatusBoard(stopsFeed: false)
            } start: {
                $0.appear()
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("StatusBoard: freed, but `feed` (StatusFeed) LEAKED, held by `feed.source` (DispatchSourceTimer)")
            }
        }
    }

    @Test func aBoardThatStopsItsFeedIsFreedWithIt() async throws {
        let report = try await requireFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
            StatusBoard(stopsFeed: true)
        } start: {
            $0.appear()
        }
        #expect(report.freed && report.children.isEmpty, "\(report)")
    }

    @Test func requireFreedFailsThisTestOnceForAnUnstoredTimer() async throws {
        try await withKnownIssue {
            try await requireFreed {
                SecondsHand()
            } start: {
                $0.start()
            }
        } matching: { issue in
            (issue.error as? LifetimeCheckError)?.description.contains("SecondsHand: LEAKED") == true
        }
    }

    /// No thread outlives a check: the checks' run threads, run loops and controls end with them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
    func noThreadOutlivesTheChecks() async throws {
        func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }
        await expectFreed {
            CarefulPoller()
        } start: {
            $0.start()
        }  // the pools warm up once
        let before = threads()
        for _ in 0..<10 {
            await expectFreed {
                CarefulPoller()
            } start: {
                $0.start()
            }
        }
        // Idle dispatch workers leave on their own schedule: wait for the count, bounded.
        let deadline = ContinuousClock.now + .seconds(10)
        while threads() > before, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(threads() <= before, "threads: \(before) before ten checks, \(threads()) after")
    }
}
