import Testing
import TimerLabHarness

@testable import TimerLab

/// The timing row says why a Task loop's ticks are off a timer's schedule, from the lateness
/// observed: late for a sleep loop, early for a loop that does not sleep before its ticks.
@Suite struct TimingTextTests {
    static func observation(_ scenario: Scenario, medianMs: Double) -> ScenarioObservation {
        var evidence = SampleObservations.observation("timing", owner: .freed, expectedOwner: .freed).evidence
        evidence.lateness = Lateness(medianMs: medianMs, maxMs: medianMs)
        return ScenarioObservation(scenario: scenario, evidence: evidence)
    }

    @Test func aLateTaskLoopIsASleepLoopsDrift() throws {
        let text = try #require(TextReport.timingText(Self.observation(.taskStrong, medianMs: 5)))
        #expect(text.contains("a Task.sleep loop drifts"))
    }

    @Test func anEarlyTaskLoopIsSaidNotToSleepFirst() throws {
        let text = try #require(TextReport.timingText(Self.observation(.observationsStrong, medianMs: -9.5)))
        #expect(text.contains("early: this loop does not wait an interval before each tick"))
        #expect(!text.contains("drifts"))
    }

    @Test func aTimerGetsNoRemark() throws {
        let text = try #require(TextReport.timingText(Self.observation(.blockWeak, medianMs: -0.1)))
        #expect(!text.contains("drifts") && !text.contains("early:"))
    }
}
