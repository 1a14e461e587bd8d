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

    /// Makes and starts a service taking itself strongly and one taking itself weakly, lets go of
    /// both, and expects the weak one (the control) freed, the strong one alive, and then freed once
    /// `cut` (given it held, so that its own deinit never runs inside the library's cancel) has
    /// cut the one reference that holds it.
    private func expectHeldUntilCut<Service: AnyObject>(
        _ make: (_ weakly: Bool) throws -> Service, cut: (Service?) async -> Void
    ) async rethrows {
        weak var strong: Service?
        weak var control: Service?
        do {
            let (leaking, freeing) = (try make(false), try make(true))
            (strong, control) = (leaking, freeing)
        }
        #expect(await eventually { control == nil }, "the control, taken weakly, was not freed")
        #expect(strong != nil, "released, the service that takes itself strongly went")
        do {
            let held = strong
            await cut(held)
        }
        #expect(await eventually { strong == nil }, "cutting the reference that holds it did not free it")
    }

    @Test(arguments: 0..<5) func aRepeatedTaskTakingTheFlusherStronglyKeepsItUntilCancelled(_ run: Int) async {
        await expectHeldUntilCut { weakly in
            let flusher = MetricsFlusher(weakly: weakly)
            flusher.start()
            return flusher
        } cut: { flusher in
            // Its deinit cancels the task too: run inside NIO's cancel, as the last reference
            // went with the task's closure, it would re-enter `cancel0`, an exclusivity violation
            // that ends a debug build. Hence the hold, until the cancel is done.
            let cancelled = serverLoops.next().makePromise(of: Void.self)
            flusher?.flushTask?.cancel(promise: cancelled)
            try? await cancelled.futureResult.get()
        }
    }

    @Test(arguments: 0..<5) func aScheduledCloseTakingTheTimeoutStronglyKeepsItUntilCancelled(_ run: Int) async {
        await expectHeldUntilCut { weakly in
            let timeout = IdleTimeout(weakly: weakly)
            timeout.start()
            return timeout
        } cut: { timeout in
            timeout?.close?.cancel()
            _ = try? await timeout?.close?.futureResult.get()
        }
    }

    @Test(arguments: 0..<5) func aScheduledCallbackTakingTheReaperStronglyKeepsItUntilCancelled(_ run: Int) async throws {
        try await expectHeldUntilCut { weakly in
            let reaper = SessionReaper(weakly: weakly)
            try reaper.start()
            return reaper
        } cut: { reaper in
            // NIO drops the cancelled handler under the loop's lock: a deinit that cancelled it
            // again there would wait for that lock forever. Hence the hold.
            reaper?.reap?.cancel()
        }
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
