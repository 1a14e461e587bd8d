import Foundation
import NIOCore
import Servers
import Testing

/// What each NIO service does once its last owner lets go, measured without timerlab: a weak
/// reference says whether it went, the service taking itself weakly is the control that does go,
/// and each leak's holder is confirmed by cutting that one reference. These are the truths the
/// checks' verdicts in `NIOServiceTests` must match; each runs five times.
@Suite(.serialized, .timeLimit(.minutes(1))) struct TruthTests {
    /// Polls `condition` every millisecond until it holds or `seconds` pass.
    private func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }

    @Test(arguments: 0..<5) func aRepeatedTaskTakingTheFlusherStronglyKeepsItUntilCancelled(_ run: Int) async {
        weak var strong: MetricsFlusher?
        weak var control: MetricsFlusher?
        do {
            let (leaking, freeing) = (MetricsFlusher(weakly: false), MetricsFlusher(weakly: true))
            leaking.start()
            freeing.start()
            (strong, control) = (leaking, freeing)
        }
        #expect(await eventually { control == nil }, "the control, taken weakly, was not freed")
        #expect(strong != nil, "released, the flusher its task takes strongly went")
        // The one reference cut: its repeated task, cancelled, lets it go. Held meanwhile, so that
        // its deinit (which cancels the task too) does not run inside NIO's own cancel: there,
        // the release of the task's closure re-enters `cancel0`, an exclusivity violation that
        // ends the process in a debug build.
        do {
            let held = strong
            let cancelled = serverLoops.next().makePromise(of: Void.self)
            held?.flushTask?.cancel(promise: cancelled)
            try? await cancelled.futureResult.get()
        }
        #expect(await eventually { strong == nil }, "cancelling its repeated task did not free it")
    }

    @Test(arguments: 0..<5) func aScheduledCloseTakingTheTimeoutStronglyKeepsItUntilCancelled(_ run: Int) async {
        weak var strong: IdleTimeout?
        weak var control: IdleTimeout?
        do {
            let (leaking, freeing) = (IdleTimeout(weakly: false), IdleTimeout(weakly: true))
            leaking.start()
            freeing.start()
            (strong, control) = (leaking, freeing)
        }
        #expect(await eventually { control == nil }, "the control, taken weakly, was not freed")
        #expect(strong != nil, "released, the timeout its close takes strongly went")
        do {
            let held = strong
            held?.close?.cancel()
            _ = try? await held?.close?.futureResult.get()
        }
        #expect(await eventually { strong == nil }, "cancelling its scheduled close did not free it")
    }

    @Test(arguments: 0..<5) func aScheduledCallbackTakingTheReaperStronglyKeepsItUntilCancelled(_ run: Int) async throws {
        weak var strong: SessionReaper?
        weak var control: SessionReaper?
        do {
            let (leaking, freeing) = (SessionReaper(weakly: false), SessionReaper(weakly: true))
            try leaking.start()
            try freeing.start()
            (strong, control) = (leaking, freeing)
        }
        #expect(await eventually { control == nil }, "the control, taken weakly, was not freed")
        #expect(strong != nil, "released, the reaper its handler takes strongly went")
        // Held meanwhile: NIO drops the cancelled handler under the loop's lock, and a deinit
        // that cancels it again there would wait for that lock forever.
        do {
            let held = strong
            held?.reap?.cancel()
        }
        #expect(await eventually { strong == nil }, "cancelling its scheduled callback did not free it")
    }

    @Test(arguments: 0..<5) func aPingDueAfterReleaseKeepsThePingerUntilItRuns(_ run: Int) async {
        weak var pinger: KeepAlivePinger?
        let released = ContinuousClock.now
        do {
            let made = KeepAlivePinger()
            made.start()
            pinger = made
        }
        #expect(pinger != nil, "the pinger went before its ping ran")
        #expect(await eventually { pinger == nil }, "the pinger was not freed once its ping ran")
        #expect(ContinuousClock.now - released >= .milliseconds(250), "freed before its ping was due")
    }
}
