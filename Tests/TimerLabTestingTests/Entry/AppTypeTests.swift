import Foundation
import TestSupport
import Testing
import TimerLabTesting

/// App types, each with its truth: freed types pass (a warning where a holder property was left
/// nil), the real holder is named, a step that throws or hangs fails its check and nothing else.
@Suite(.timeLimit(.minutes(2))) struct AppTypeTests {
    @Test func aPlainModelPassesWithoutAWarning() async throws {
        let report = try await Lifetime.check {
            ProfileModel()
        } start: {
            $0.start()
        }
        #expect(report.freed && !report.sawSomethingRunning && report.caution == nil, "\(report)")
        #expect(report.text.contains("freed; no Timer"), "\(report)")
        #expect(!report.text.contains("not freed"), "\(report)")
        // Records nothing: a failing or warning issue here would fail or show in this test.
        await expectFreed {
            ProfileModel()
        } start: {
            $0.start()
        }
    }

    @Test func aTimerPropertyStartNeverSetIsAWarningNamingIt() async throws {
        let report = try await Lifetime.check {
            FeedViewModel()
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(report.unset == ["refreshTimer (Timer)"], "\(report)")
        #expect(report.caution?.contains("refreshTimer (Timer) was nil after start: did start start it?") == true, "\(report)")
    }

    @Test func aStrictCheckFailsAFreedObjectWhenNothingRan() async throws {
        await #expect(throws: LifetimeCheckError.self) {
            try await requireFreed(with: LifetimeDefaults(strict: true)) {
                ProfileModel()
            } start: {
                $0.start()
            }
        }
        do {
            try await requireFreed(with: LifetimeDefaults(strict: true)) {
                ProfileModel()
            } start: {
                $0.start()
            }
        } catch {
            #expect(error.code == .nothingSeenRunning)
        }
    }

    @Test func aWeakSelfReschedulingPollerIsFreed() async throws {
        let report = try await Lifetime.check {
            StatusPoller()
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(!report.text.contains("not freed"), "\(report)")
    }

    @Test func aStrongSelfReschedulingPollerIsHeldFromOutsideWithNoFalseCulprit() async throws {
        let report = try await Lifetime.check {
            GreedyStatusPoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil && report.heldFromOutside, "\(report)")
        #expect(report.text.contains("held from outside its stored properties"), "\(report)")
        #expect(report.fix?.contains("task-strong") == false, "\(report)")
        #expect(report.fix?.contains("asyncAfter") == true, "\(report)")
    }

    @Test func anObserverThatCapturesSelfIsTheCulpritNotTheInnocentTimer() async throws {
        let report = try await Lifetime.check {
            SessionMonitor()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "observer" && report.culprit?.kind == .notificationObserver, "\(report)")
        #expect(report.stopsTried == ["observer"], "\(report)")
        #expect(report.text.contains("removing `observer` (NotificationCenter observer) freed it"), "\(report)")
        #expect(report.fix?.contains("observer's block") == true && report.fix?.contains("timer's block") == false, "\(report)")
    }

    @Test func aStoredWorkItemIsACandidateWhetherPerformedOrCancelled() async throws {
        let report = try await Lifetime.check {
            DraftSaver()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil, "\(report)")
        #expect(report.candidates.map(\.path) == ["pending"], "\(report)")
        // A candidate is not a proof: the headline says so, and never "likely" (issue 66).
        #expect(report.description.hasPrefix("DraftSaver: LEAKED, holder not proved (candidate: `pending`)\n"), "\(report)")
        #expect(report.text.contains("a work item keeps its block until the work item itself is freed"), "\(report)")
        #expect(!report.heldFromOutside, "\(report)")
    }

    @Test func aOneShotTimerIsToldAsOne() async throws {
        let report = try await Lifetime.check {
            ReminderBanner()
        } start: {
            $0.start()
        }
        let timer = try #require(report.holders.first)
        #expect(timer.timer?.repeats == false, "\(report)")
        #expect(report.text.contains("dismissTimer (Timer, one-shot, due at once): fired before release"), "\(report)")
        #if os(Linux)
        // Linux Foundation keeps the block, and self, after the single fire.
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.text.contains("`dismissTimer` (the block the Timer keeps): captures ReminderBanner strongly"), "\(report)")
        #else
        #expect(report.freed, "\(report)")
        #endif
    }

    @Test func anActorIsCheckedByAwaitingItsOwnStart() async throws {
        let leaky = try await Lifetime.check {
            FeedStore()
        } start: {
            try await $0.start()
        }
        #expect(leaky.fate == .leaked && leaky.culprit?.path == "task", "\(leaky)")
        let polite = try await Lifetime.check {
            PoliteFeedStore()
        } start: {
            try await $0.start()
        }
        #expect(polite.freed && polite.holders.map(\.path) == ["task"], "\(polite)")
    }

    @Test func aStartThatThrowsFailsTheCheckWithItsError() async throws {
        do {
            _ = try await Lifetime.check {
                LoginSession()
            } start: {
                try $0.start()
            }
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .threw)
            #expect(error.reason.contains("start threw an error: no network"), "\(error)")
        }
    }

    @Test(arguments: [false, true]) func aStartThatDoesNotReturnFailsWithinTheTimeout(async: Bool) async throws {
        let clock = ContinuousClock()
        let began = clock.now
        do {
            if async {
                _ = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(300))) {
                    StuckAsync()
                } start: {
                    try await $0.start()
                }
            } else {
                _ = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(300))) {
                    StuckSync()
                } start: {
                    $0.start()
                }
            }
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .timedOut, "\(error)")
            #expect(error.reason.contains("start did not return within"), "\(error)")
        }
        // Bounded by the timeout, not by the 30 s the start waits (a generous margin for load).
        #expect(began.duration(to: clock.now) < .seconds(20))
    }

    @MainActor @Test func anAsyncStartThatDoesNotReturnOnTheMainActorFailsWithinTheTimeout() async throws {
        do {
            _ = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(300))) {
                StuckBanner()
            } start: {
                try await $0.start()
            }
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .timedOut, "\(error)")
        }
    }

    @Test func anObserverOnACenterTheObjectStoresIsRemovedFromThatCenter() async throws {
        let report = try await Lifetime.check {
            ChatRoom()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "observer", "\(report)")
    }

    @Test func anAsyncStartThatThrowsFailsWithItsErrorOnAndOffTheMainActor() async throws {
        do {
            _ = try await Lifetime.check {
                OfflineFeed()
            } start: {
                try await $0.start()
            }
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .threw && error.reason.contains("start threw an error: feed unreachable"), "\(error)")
        }
        do {
            _ = try await checkOfflineBanner()
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .threw && error.reason.contains("feed unreachable"), "\(error)")
        }
    }

    @Test func durationsTooLongForARunAreRefused() async {
        do {
            _ = try await Lifetime.check(with: LifetimeDefaults(running: .seconds(700))) {
                ProfileModel()
            } start: {
                $0.start()
            }
            Issue.record("the check did not throw")
        } catch {
            #expect(error.code == .invalidDurations, "\(error)")
        }
    }

    @Test func eachHoldersStateIsToldInItsOwnTerms() async throws {
        let polite = try await Lifetime.check {
            PolitePoller()
        } start: {
            $0.start()
        }
        #expect(polite.text.contains("task (Task): cancelled or returned after release"), "\(polite)")
        let paused = try await Lifetime.check {
            Ticker()
        } start: {
            $0.start {}
        } beforeRelease: {
            $0.source?.cancel()
        }
        #expect(paused.text.contains("source (DispatchSourceTimer): already cancelled before release"), "\(paused)")
    }

    @Test func aWarningOutsideAnyTestGoesToStandardError() async {
        // A detached task is outside the current test: the caution is written, not recorded.
        let report = await Task.detached {
            await expectFreed {
                FeedViewModel()
            } start: {
                $0.start()
            }
        }.value
        #expect(report?.caution != nil)
    }
}

/// Checks an `OfflineBanner` from the main actor, as a `@MainActor` test would.
@MainActor func checkOfflineBanner() async throws(LifetimeCheckError) -> LifetimeReport {
    try await Lifetime.check {
        OfflineBanner()
    } start: {
        try await $0.start()
    }
}
