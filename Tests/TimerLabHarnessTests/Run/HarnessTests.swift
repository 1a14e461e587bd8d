import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The harness compares with the expectation but reports what it saw, and every run is bounded.
@Suite struct HarnessTests {
    @Test func aWrongExpectationIsReportedAsADifferenceNotAdopted() async throws {
        let wrong = Scenario(
            name: "strong-target-expected-freed", family: .targetAction, articles: [.a000],
            summary: "test-only: strong-target with a wrong expectation",
            expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
            explanation: Scenario.strongTarget.explanation, makeOwner: Scenario.strongTarget.makeOwner)
        let observation = try await observe(wrong, settings: .defaults)
        #expect(observation.outcome.owner == .leaked)
        #expect(!observation.asExpected)
        #expect(observation.mismatches.map(\.fact) == [.owner, .afterRelease])
        #expect(observation.mismatches.first == Difference(fact: .owner, expected: "freed", observed: "leaked"))
    }

    @Test func aTimerThatNeverFiresEndsTheRunAtItsDeadlineWithNoTicks() async throws {
        let observation = try await observe(.modeDefault, settings: .defaults)
        #expect(observation.ticksBeforeRelease == 0)
        #expect(!observation.outcome.fired)
        #expect(observation.lateness == nil)
    }

    @Test func theHarnessCountsTheTicksItWaitedFor() async throws {
        let settings = RunSettings(ticks: 7, interval: 0.002, grace: 1)
        let observation = try await observe(.blockWeak, settings: settings)
        #expect(observation.tickTarget == 7)
        // The harness looks between run loop slices, so one more tick may slip in before release.
        #expect(observation.ticksBeforeRelease >= 7)
    }

    @Test func runningManyScenariosAtOnceKeepsTheirOrderAndOutcomes() async {
        let scenarios = [Scenario.gcdStrong, .gcd, .strongTarget, .proxy]
        let results = await onOwnThread { Harness().run(scenarios, settings: .defaults) }
        let observed = results.compactMap { try? $0.get() }
        #expect(observed.map(\.scenario) == scenarios.map(\.name))
        #expect(observed.allSatisfy { $0.asExpected })
    }
}
