import Clocks
import Foundation
import TimerLabXCTest
import XCTest

// docs: xctest-track
/// The app's objects, made as the tests already make them, checked after each test.
final class TrackForLeaksXCTests: XCTestCase {
    func testTheCarefulPollerStartsPolling() {
        let poller = CarefulPoller()
        trackForLeaks(poller)
        poller.start()
        XCTAssertNotNil(poller.task)
    }

    func testSavingAfterLeavingIsALateReleaseNotALeak() {
        let saver = AlarmListSaver()
        trackForLeaks(saver)
        saver.leave()
    }

    @MainActor func testTheCarefulBannerScrolls() {
        let banner = CarefulBanner()
        trackForLeaks(banner)
        banner.start()
    }
}
// docs: end

/// Leaks `trackForLeaks` must fail, once each at its line, and an object the test case keeps
/// in a property, told apart. They run only as a child with CLOCKS_RUN_LEAKS set
/// (scripts/consumer-leaks-fail.sh); in a plain `swift test` they are skipped.
final class TrackForLeaksXCTestLeaks: XCTestCase {
    var screen: WorldClockScreen?

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["CLOCKS_RUN_LEAKS"] != nil, "run as a child by .ci/run")
    }

    func testATaskLeakFails() {
        let poller = TimeServerPoller()
        trackForLeaks(poller, with: LifetimeDefaults(patience: .zero))
        poller.start()
    }

    func testATimerLeakFails() {
        let hand = SecondsHand()
        trackForLeaks(hand, with: LifetimeDefaults(patience: .zero))
        hand.start()
    }

    func testASourceLeakFails() {
        let screen = WorldClockScreen()
        trackForLeaks(screen, with: LifetimeDefaults(patience: .zero))
        screen.appear()
    }

    func testAnObserverLeakFails() {
        let watcher = ZoneWatcher()
        trackForLeaks(watcher, with: LifetimeDefaults(patience: .zero))
        watcher.start()
    }

    func testAClosureAWrapperStoresFails() {
        let pendulum = Pendulum()
        trackForLeaks(pendulum, with: LifetimeDefaults(patience: .zero))
        pendulum.start()
    }

    /// The screen is freed when the test ends; its ticker, which it made and kept alone, is not.
    func testALeakBelowAFreedScreenFails() {
        let screen = KioskScreen()
        trackForLeaks(screen, with: LifetimeDefaults(patience: .zero))
        screen.appear()
    }

    func testAnObjectTheTestCaseKeepsIsToldApart() {
        screen = WorldClockScreen()
        trackForLeaks(screen!, with: LifetimeDefaults(patience: .zero))
        screen?.appear()
    }
}
