import Testing
@testable import TimerLab

/// Every scenario in the catalog, run through the harness, observes the outcome SCENARIOS.md expects.
@Suite struct CatalogOutcomeTests {
    @Test(arguments: Catalog.all.map(\.name))
    func observesItsExpectedOutcome(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let observation = try Harness().run(scenario, settings: .defaults)
        #expect(observation.outcome == scenario.expectation.linux, "differences: \(observation.differences)")
        #expect(observation.ownerDeinitRan == (observation.outcome.owner == .freed))
    }
}
