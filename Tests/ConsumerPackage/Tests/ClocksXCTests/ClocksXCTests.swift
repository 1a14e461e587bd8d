import Clocks
import Foundation
import TimerLabTesting
import XCTest

/// The package's types checked from XCTest, with no `import Testing` anywhere in this target.
final class ClocksXCTests: XCTestCase {
    // docs: xctest-careful-poller
    func testTheCarefulPollerIsFreed() async throws {
        try await requireFreed {
            CarefulPoller()
        } start: {
            $0.start()
        }
        await expectFreed {
            CarefulPoller()
        } start: {
            $0.start()
        }
    }
    // docs: end

    // docs: xctest-with-defaults
    /// XCTest has no traits: `withDefaults` sets the defaults around the checks a test makes.
    func testDefaultsSetAroundTheChecksReachThem() async throws {
        let report = try await Lifetime.withDefaults(LifetimeDefaults(patience: .zero)) {
            try await requireFreed {
                CarefulPoller()
            } start: {
                $0.start()
            }
        }
        XCTAssertEqual(report.patience, .zero)
    }
    // docs: end

    // docs: xctest-careful-banner
    @MainActor func testTheCarefulBannerIsFreedOnTheMainThread() async throws {
        XCTAssertTrue(Thread.isMainThread)
        let report = try await requireFreed {
            CarefulBanner()
        } start: {
            $0.start()
        }
        XCTAssertGreaterThan(report.timerTicksBeforeRelease, 0, "\(report)")
    }
    // docs: end

    @MainActor func testTheScrollingBannerLeaksOnTheMainThread() async throws {
        let report = try await Lifetime.check {
            ScrollingBanner()
        } start: {
            $0.start()
        }
        XCTAssertEqual(report.fate, .leaked, "\(report)")
        XCTAssertEqual(report.holders.map(\.path), ["timer"], "\(report)")
    }
}

/// App types under XCTest: a plain model passes, an actor is checked by awaiting its own start,
/// a start that throws fails with its error, strict fails a freed object that ran nothing.
final class ClocksAppTypeXCTests: XCTestCase {
    func testPlainSettingsPassWithoutRunningAnything() async throws {
        let report = try await requireFreed {
            ClockSettings()
        } start: {
            $0.start()
        }
        XCTAssertFalse(report.sawSomethingRunning, "\(report)")
        XCTAssertTrue(report.description.contains("so this check proves nothing about timers"), "\(report)")
    }

    func testAnActorIsCheckedByAwaitingItsStart() async throws {
        let report = try await requireFreed {
            TimeZoneStore()
        } start: {
            try await $0.start()
        }
        XCTAssertEqual(report.holders.map(\.path), ["task"], "\(report)")
    }

    func testAStartThatThrowsFailsWithItsError() async {
        struct Offline: Error {}
        do {
            _ = try await Lifetime.check {
                ClockSettings()
            } start: { _ in
                throw Offline()
            }
            XCTFail("the check did not throw")
        } catch {
            XCTAssertEqual(error.code, .threw)
        }
    }
}

/// Leaks that must fail their tests, through either entry point. They run only as a child with
/// CLOCKS_RUN_LEAKS set (`.ci/run` checks that each failed with its report); in a plain
/// `swift test` they are skipped.
final class ClocksXCTestLeaks: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["CLOCKS_RUN_LEAKS"] != nil, "run as a child by .ci/run")
    }

    func testRequireFreedFailsALeak() async throws {
        try await requireFreed {
            TimeServerPoller()
        } start: {
            $0.start()
        }
    }

    /// A strict check fails settings that ran nothing, at this line, as a leak does.
    func testTheStrictFormFailsSettingsThatRanNothing() async throws {
        try await requireFreed(with: LifetimeDefaults(strict: true)) {
            ClockSettings()
        } start: {
            $0.start()
        }
    }

    func testExpectFreedFailsALeak() async throws {
        await expectFreed {
            SecondsHand()
        } start: {
            $0.start()
        }
    }

    func testExpectFreedFailsALeakBelowTheObject() async throws {
        await expectFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
            KioskScreen()
        } start: {
            $0.appear()
        }
    }

    func testExpectFreedFailsALeakThroughAHelpersOwnSource() async throws {
        await expectFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
            StatusBoard(stopsFeed: false)
        } start: {
            $0.appear()
        }
    }
}

/// A tree that goes with its object passes in XCTest too: the board stops its feed in `deinit`.
final class ClocksTreeXCTests: XCTestCase {
    func testABoardThatStopsItsFeedIsFreedWithIt() async throws {
        let report = try await requireFreed(with: LifetimeDefaults(patience: .milliseconds(200))) {
            StatusBoard(stopsFeed: true)
        } start: {
            $0.appear()
        }
        XCTAssertTrue(report.freed && report.children.isEmpty, "\(report)")
    }
}
