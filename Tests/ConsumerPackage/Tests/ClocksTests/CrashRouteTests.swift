import Clocks
import Dispatch
import Foundation
import Testing
import TimerLabTesting

/// A main-actor type whose synchronous start waits for a reply that does not come: it holds the
/// main actor (for 30 s, so a process that survived it would still end).
@MainActor final class FrozenBanner {
    func start() { _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 30) }
}

/// Checks a `FrozenBanner` from the main actor, as a `@MainActor` test would.
@MainActor func checkFrozenBanner() async throws {
    _ = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(200))) {
        FrozenBanner()
    } start: {
        $0.start()
    }
}

/// A main-actor type whose timer's block waits for a reply that does not come: once the timer
/// fires, on the main actor, it holds the actor (for 30 s).
@MainActor final class FrozenTicker {
    private var timer: Timer?
    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.001, repeats: false) { _ in
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 30)
        }
    }
}

/// Checks a `FrozenTicker` from the main actor, as a `@MainActor` test would.
@MainActor func checkFrozenTicker() async throws {
    _ = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(200))) {
        FrozenTicker()
    } start: {
        $0.start()
    }
}

/// A type whose start traps, as a missing resource does in an app.
final class CrashingClock {
    func start() { fatalError("no clock hardware") }
}

/// The crash route: a check whose start might trap runs in an exit test, a child process, so a
/// trap fails that one test and the suite goes on (this suite's next test runs, and passes).
@Suite(.serialized, .timeLimit(.minutes(2))) struct CrashRouteTests {
    @Test func aTrappingStartFailsOnlyItsOwnTest() async {
        // A user writes `.success` (below), which fails the test on a trap; this test of the
        // route expects the failure, and that the child said why.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await requireFreed {
                CrashingClock()
            } start: {
                $0.start()
            }
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?.contains("no clock hardware") == true)
    }

    /// Here, not in timerlab's own suite: an exit test blocks a thread of the executor while its
    /// child runs, and the main suite's checks need both on a two-core machine.
    @Test func aSynchronousStartHoldingTheMainActorEndsTheProcessWithStatus124() async {
        // The child gives the held actor 0.5 s to answer, not 10.
        await #expect(processExitsWith: .exitCode(124)) {
            setenv("TIMERLAB_HANG_ALLOWANCE", "0.5", 1)
            try await checkFrozenBanner()
        }
    }

    @Test func aTimerBlockHoldingTheMainActorEndsTheProcessWithStatus124() async {
        let child = await #expect(processExitsWith: .exitCode(124), observing: [\.standardErrorContent]) {
            setenv("TIMERLAB_HANG_ALLOWANCE", "0.5", 1)
            try await checkFrozenTicker()
        }
        let said = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(said.contains("FrozenTicker: a timer's block the check fired did not return"), "\(said)")
    }

    // docs: crash-route
    @Test func theCarefulPollerIsCheckedInAChildProcess() async {
        // A leak, like a trap, ends the child with a failure status and its report on the child's
        // standard error: observed here, it is shown in this test's failure.
        let child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            try await requireFreed {
                CarefulPoller()
            } start: {
                $0.start()
            }
        }
        let report = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(!report.contains("error:"), "\(report)")
    }
    // docs: end

    @Test func aLeakCheckedInAChildFailsItWithTheReportWhicheverFormWasCalled() async {
        let required = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await requireFreed(with: LifetimeDefaults(patience: .zero)) {
                TimeServerPoller()
            } start: {
                $0.start()
            }
        }
        let requiredReport = required.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(requiredReport.contains("TimeServerPoller: LEAKED"), "\(requiredReport)")
        #expect(requiredReport.contains("culprit               cancelling `task` (Task) freed it"), "\(requiredReport)")
        let expected = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await expectFreed(with: LifetimeDefaults(patience: .zero)) {
                TimeServerPoller()
            } start: {
                $0.start()
            }
        }
        let expectedReport = expected.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(expectedReport.contains("TimeServerPoller: LEAKED"), "\(expectedReport)")
    }
}
