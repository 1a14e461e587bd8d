import TimerLabHarness

extension Harness {
    /// Runs one scenario; throws if it could not start or did not finish within its hard limit.
    package func run(_ scenario: Scenario, settings: RunSettings) throws(HarnessError) -> ScenarioObservation {
        try run([scenario], settings: settings)[0].get()
    }

    /// Runs one scenario without blocking the caller: for Swift concurrency, as in tests.
    package func observe(_ scenario: Scenario, settings: RunSettings) async throws(HarnessError) -> ScenarioObservation {
        let evidence = try await observe(scenario.subject, settings: settings)
        return ScenarioObservation(scenario: scenario, evidence: evidence)
    }

    /// Runs several scenarios at once; results keep the order of `scenarios`.
    package func run(_ scenarios: [Scenario], settings: RunSettings) -> [Result<ScenarioObservation, HarnessError>] {
        zip(scenarios, run(scenarios.map(\.subject), settings: settings)).map { scenario, result in
            result.map { ScenarioObservation(scenario: scenario, evidence: $0) }
        }
    }
}
