import TimerLab
import TimerLabHarness

/// Hand-made observations, for tests about rendering rather than running.
enum SampleObservations {
    /// An observation of a test-only scenario named `name`: its owner ended `owner`, expected `expectedOwner`.
    static func observation(_ name: String, owner: OwnerFate, expectedOwner: OwnerFate) -> ScenarioObservation {
        let scenario = Scenario(
            name: name, family: .blockAPI, articles: [.a000], summary: "test-only",
            expectation: Expectation(Outcome(owner: expectedOwner, fired: true, afterRelease: .running)),
            explanation: Scenario.strongTarget.explanation, makeOwner: ViewController.init)
        let evidence = RunEvidence(
            outcome: Outcome(owner: owner, fired: true, afterRelease: .running),
            ticksBeforeRelease: 3, ticksAfterRelease: 2, freedOnceStopped: owner == .leaked ? true : nil,
            ownerDeinitRan: owner == .freed,
            lifetimes: Lifetimes(owner: ObjectLifetime(kind: .owner, freed: owner == .freed), timer: nil, intermediate: nil))
        return ScenarioObservation(scenario: scenario, evidence: evidence)
    }

    /// A scenario that only names a family, for results of runs that did not complete.
    static func scenario(_ name: String) -> Scenario {
        Scenario(
            name: name, family: .gcd, articles: [], summary: "test-only",
            expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
            explanation: Scenario.strongTarget.explanation, makeOwner: ViewController.init)
    }
}
