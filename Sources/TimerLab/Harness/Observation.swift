import Foundation

/// What one run of one scenario observed, beside the expectation it is compared with.
///
/// This is timerlab's one result model: the facts and the evidence behind them, settings
/// included (`evidence`), the catalog's facts about the scenario, and what it expected. Whether
/// the two agree is computed (`comparison`), never stored, so a verdict always follows from the
/// facts. Every renderer reads this type; its wire form, the documented JSON that `leak --format
/// json` prints and `check` decodes, is `ObservationRecord`.
public struct Observation: Sendable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// Its family.
    public var family: ScenarioFamily
    /// The articles it comes from; empty for a Linux finding or a Swift concurrency scenario.
    public var articles: [Article]
    /// Where Linux differs from the articles for this scenario, and why.
    public var linuxNote: String?
    /// The three facts, the evidence behind them, and the settings of the run.
    public var evidence: RunEvidence
    /// The expectation compared against.
    public var expected: ExpectedOutcome

    /// The observation of a run of `scenario`, to be compared with its expectation on `platform`.
    public init(scenario: Scenario, evidence: RunEvidence, platform: Platform = .current) {
        self.init(
            scenario: scenario.name, family: scenario.family, articles: scenario.articles, linuxNote: scenario.linuxNote,
            evidence: evidence, expected: ExpectedOutcome(scenario.expectation, on: platform))
    }

    /// An observation from its parts (as its wire form carries them).
    public init(
        scenario: String, family: ScenarioFamily, articles: [Article], linuxNote: String?, evidence: RunEvidence,
        expected: ExpectedOutcome
    ) {
        self.scenario = scenario
        self.family = family
        self.articles = articles
        self.linuxNote = linuxNote
        self.evidence = evidence
        self.expected = expected
    }

    /// The observed facts set against the expected ones, computed each time it is asked.
    public var comparison: Comparison { Comparison(observed: outcome, expected: expected.outcome) }

    /// This observation compared anew with `scenario`'s expectation on `platform`: where the
    /// observation came from (a child's JSON) says what was seen, never what was expected.
    public func compared(with scenario: Scenario, on platform: Platform = .current) -> Observation {
        var copy = self
        copy.expected = ExpectedOutcome(scenario.expectation, on: platform)
        return copy
    }
}
