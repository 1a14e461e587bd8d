import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// Every scenario in the catalog, run through the harness, observes the outcome its expectation
/// (the README's scenario table) gives for this platform.
@Suite(.serialized) struct CatalogOutcomeTests {
    @Test(arguments: Catalog.all.map(\.name))
    func observesItsExpectedOutcome(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let observation = try await observe(scenario, settings: .defaults)
        #expect(observation.outcome == scenario.expectation.onThisPlatform, "differences: \(observation.mismatches)")
        #expect(observation.asExpected)
        // deinit and the weak reference are two witnesses of one fact; they must agree.
        #expect(observation.ownerDeinitRan == (observation.outcome.owner == .freed))
    }

    @Test func leakedOwnersAreFreedByStoppingTheirTimerExceptWhereLinuxKeepsTheBlock() async throws {
        let strongTarget = try await observe(.strongTarget, settings: .defaults)
        let gcdStrong = try await observe(.gcdStrong, settings: .defaults)
        let noRunLoop = try await observe(.noRunLoop, settings: .defaults)
        #expect(strongTarget.freedOnceStopped == true)
        #expect(gcdStrong.freedOnceStopped == true)
        #expect(noRunLoop.freedOnceStopped == true)
        #if os(Linux)
        let blockStrong = try await observe(.blockStrong, settings: .defaults)
        #expect(blockStrong.freedOnceStopped == false)
        #endif
    }

    @Test func oneShotWaitsForOneTickWhateverTicksSays() async throws {
        let observation = try await observe(
            .oneShot, settings: RunSettings(ticks: 5, interval: 0.005, grace: 2))
        #expect(observation.tickTarget == 1)
        #expect(observation.ticksBeforeRelease == 1)
        #expect(observation.outcome.owner == .freed)
    }

    @Test func zombieTimersKeepDrivingLeakedOwnersAfterRelease() async throws {
        let observation = try await observe(.strongTarget, settings: RunSettings(ticks: 2, interval: 0.005, grace: 6))
        #expect(observation.ticksBeforeRelease >= 2)
        #expect(observation.ticksAfterRelease >= 1)
    }
}
