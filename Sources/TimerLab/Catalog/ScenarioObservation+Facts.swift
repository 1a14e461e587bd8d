import TimerLabHarness

/// The observation's facts are its evidence's: `observation.owner`, `observation.controls` read
/// through to `RunEvidence`, the one name for what a run observed, with no getter written twice.
extension ScenarioObservation {
    /// A fact of the run's evidence, by its name there.
    package subscript<Value>(dynamicMember fact: KeyPath<RunEvidence, Value>) -> Value {
        evidence[keyPath: fact]
    }

    /// Whether every fact matches the expectation.
    package var asExpected: Bool { comparison.asExpected }
    /// Each fact that does not.
    package var mismatches: [Difference] { comparison.differences }
}
