import Clocks
import Foundation
import Testing
import TimerLabTesting

// docs: tracked-suite
/// The app's objects, made as the tests already make them, checked when each test ends.
@Suite(.leakChecked) struct TrackedClockTests {
    @Test func carefulPollerStartsPolling() {
        let poller = track(CarefulPoller())
        poller.start()
        #expect(poller.task != nil)
    }

    @Test func savingAfterLeavingIsALateReleaseNotALeak() {
        let saver = track(AlarmListSaver())
        saver.leave()
    }

    @MainActor @Test func carefulBannerScrolls() {
        let banner = track(CarefulBanner())
        banner.start()
    }

    @Test func aBoardStopsItsFeedWhenItGoes() {
        track(StatusBoard(stopsFeed: true)).appear()
    }
}
// docs: end

/// Leaks that must fail their tests, once each, at the line that tracked them, with their
/// holders named. They run only as a child with CLOCKS_RUN_LEAKS set (`.ci/run` checks each
/// failure, scripts/consumer-leaks-fail.sh); in a plain `swift test` they are skipped.
@Suite(
    .leakChecked, .lifetimeDefaults(LifetimeDefaults(patience: .zero)),
    .enabled(if: ProcessInfo.processInfo.environment["CLOCKS_RUN_LEAKS"] != nil))
struct TrackedClockLeaks {
    @Test func aTimerLeak() {
        track(SecondsHand()).start()
    }

    @Test func aSourceLeak() {
        track(WorldClockScreen()).appear()
    }

    @Test func aTaskLeak() {
        track(TimeServerPoller()).start()
    }

    @Test func anObserverLeak() {
        track(ZoneWatcher()).start()
    }

    @Test func aClosureAWrapperStores() {
        track(Pendulum()).start()
    }

    /// The board is freed when the test ends; its feed, which it made and kept alone, is not.
    @Test func aLeakBelowAFreedBoard() {
        track(StatusBoard(stopsFeed: false)).appear()
    }

    @MainActor @Test func aMainActorTimerLeak() {
        track(ScrollingBanner()).start()
    }

    /// The same kind of leak with attachments turned off: it fails as the others do, and leaves
    /// no files for `--attachments-path`.
    @Test(.lifetimeDefaults(LifetimeDefaults(attachments: false))) func aLeakWithoutAttachments() {
        track(KioskTicker()).start()
    }
}
