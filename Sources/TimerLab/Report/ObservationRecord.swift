import TimerLabHarness

/// The wire form of a `ScenarioObservation`: the documented JSON of `leak --format json` (the README's
/// key table), which `check` decodes from its children. Every fact is flat, optional ones are
/// written as `null`, and the verdict (`asExpected`, `mismatches`) is written for readers but
/// never read back: a decoded observation computes it again from its facts.
package struct ObservationRecord: Sendable, Equatable, Codable {
    var scenario: String
    var family: ScenarioFamily
    var articles: [Article]
    var owner: OwnerFate
    var fired: Bool
    var afterRelease: TimerState
    @Nullable var helper: OwnerFate?
    var ticksBeforeRelease: Int
    var ticksAfterRelease: Int
    /// Deprecated: the old spellings of `ticksBeforeRelease` and `ticksAfterRelease`, still
    /// written (with the same values) for one release, so readers of 0.1's JSON keep working;
    /// never read back, and gone in 0.3.
    var firesBeforeRelease: Int?
    var firesAfterRelease: Int?
    @Nullable var freedOnceStopped: Bool?
    var ownerDeinitRan: Bool
    var lifetimes: Lifetimes
    @Nullable var latenessMs: Lateness?
    var toleranceMs: Double
    var expected: ExpectedOutcome
    var asExpected: Bool
    var mismatches: [Difference]
    @Nullable var linuxNote: String?
    var ticks: Int
    var tickTarget: Int
    var interval: Double
    var grace: Int
    var events: [RunEvent]
    var omittedTickEvents: Int
    @Nullable var ticksAfterStop: TicksAfterStop?
    var controls: [Control]

    /// The record of `observation`.
    package init(_ observation: ScenarioObservation) {
        let evidence = observation.evidence
        scenario = observation.scenario
        family = observation.family
        articles = observation.articles
        (owner, fired, afterRelease, helper) = (evidence.owner, evidence.fired, evidence.afterRelease, evidence.helper)
        (ticksBeforeRelease, ticksAfterRelease) = (evidence.ticksBeforeRelease, evidence.ticksAfterRelease)
        // The deprecated spellings, written until 0.3.
        (firesBeforeRelease, firesAfterRelease) = (ticksBeforeRelease, ticksAfterRelease)
        (freedOnceStopped, ownerDeinitRan) = (evidence.freedOnceStopped, evidence.ownerDeinitRan)
        (lifetimes, latenessMs, toleranceMs) = (evidence.lifetimes, evidence.lateness, evidence.toleranceMs)
        expected = observation.expected
        (asExpected, mismatches) = (observation.asExpected, observation.mismatches)
        linuxNote = observation.linuxNote
        (ticks, interval, grace, tickTarget) = (
            evidence.settings.ticks, evidence.settings.interval, evidence.settings.grace, evidence.tickTarget
        )
        // Event times to the microsecond, as the events format has them: the clock's last digits are noise.
        events = evidence.events.map { event in
            var rounded = event
            rounded.ms = (event.ms * 1000).rounded() / 1000
            return rounded
        }
        (omittedTickEvents, ticksAfterStop, controls) = (evidence.omittedTickEvents, evidence.ticksAfterStop, evidence.controls)
    }

    /// The observation this record carries; its verdict is computed from the facts.
    package var observation: ScenarioObservation {
        let evidence = RunEvidence(
            outcome: Outcome(owner: owner, fired: fired, afterRelease: afterRelease, helper: helper),
            ticksBeforeRelease: ticksBeforeRelease, ticksAfterRelease: ticksAfterRelease,
            freedOnceStopped: freedOnceStopped, ownerDeinitRan: ownerDeinitRan, lifetimes: lifetimes,
            lateness: latenessMs, toleranceMs: toleranceMs, events: events, omittedTickEvents: omittedTickEvents,
            ticksAfterStop: ticksAfterStop, controls: controls,
            settings: RunSettings(ticks: ticks, interval: interval, grace: grace), tickTarget: tickTarget)
        return ScenarioObservation(
            scenario: scenario, family: family, articles: articles, linuxNote: linuxNote, evidence: evidence,
            expected: expected)
    }
}

/// An observation is encoded and decoded as its record, so the wire format lives in one place.
extension ScenarioObservation: Codable {
    package init(from decoder: any Decoder) throws {
        self = try ObservationRecord(from: decoder).observation
    }

    package func encode(to encoder: any Encoder) throws {
        try ObservationRecord(self).encode(to: encoder)
    }
}
