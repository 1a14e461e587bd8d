import Foundation
import TimerLabHarness

/// What one run of one scenario observed, beside the expectation it is compared with.
///
/// This is timerlab's one result model: the facts and the evidence behind them, settings
/// included (`evidence`), the catalog's facts about the scenario, and what it expected. Whether
/// the two agree is computed (`comparison`), never stored, so a verdict always follows from the
/// facts. Every renderer reads this type; its wire form, the documented JSON that `leak --format
/// json` prints and `check` decodes, is `ObservationRecord`.
@dynamicMemberLookup
package struct ScenarioObservation: Sendable, Equatable {
    /// The scenario's name.
    package var scenario: String
    /// Its family.
    package var family: ScenarioFamily
    /// The articles it comes from; empty for a Linux finding or a Swift concurrency scenario.
    package var articles: [Article]
    /// Where Linux differs from the articles for this scenario, and why.
    package var linuxNote: String?
    /// The three facts, the evidence behind them, and the settings of the run.
    package var evidence: RunEvidence
    /// The expectation compared against.
    package var expected: ExpectedOutcome

    /// The observation of a run of `scenario`, to be compared with its expectation on `platform`.
    package init(scenario: Scenario, evidence: RunEvidence, platform: Platform = .current) {
        self.init(
            scenario: scenario.name, family: scenario.family, articles: scenario.articles, linuxNote: scenario.linuxNote,
            evidence: evidence, expected: ExpectedOutcome(scenario.expectation, on: platform))
    }

    /// An observation from its parts (as its wire form carries them).
    package init(
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
    package var comparison: Comparison { Comparison(observed: evidence.outcome, expected: expected.outcome) }

    /// This observation compared anew with `scenario`'s expectation on `platform`: where the
    /// observation came from (a child's JSON) says what was seen, never what was expected.
    package func compared(with scenario: Scenario, on platform: Platform = .current) -> ScenarioObservation {
        var copy = self
        copy.expected = ExpectedOutcome(scenario.expectation, on: platform)
        return copy
    }
}
