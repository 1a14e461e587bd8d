import Testing

@testable import TimerLabTesting

/// What a late release's `pending at grace end` row says held the object, from what was seen:
/// a closure seen taking it strongly before release, else a handle something else keeps too,
/// else what the object does not store.
@Suite struct ReportTextTests {
    /// A report of an object freed 250 ms after release, with nothing it stores still going.
    private func freedLate(closuresSeen: [ClosureSeen] = [], notExamined: NotExamined = NotExamined()) -> LifetimeReport {
        LifetimeReport(
            typeName: "Pinger", fate: .freed, holders: [], unset: [], culprit: nil, stopsTried: [], timerScheduledByStart: false,
            timerTicksBeforeRelease: 0, timerTicksAfterRelease: 0, blockTimersImmortal: false, freedLate: .milliseconds(250),
            patience: .seconds(2), capturingClosures: [], innocentHolders: [], notExaminedParts: notExamined, closuresSeen: closuresSeen)
    }

    @Test func aClosureSeenTakingItStronglyIsWhatHeldIt() {
        let report = freedLate(
            closuresSeen: [
                ClosureSeen(path: "ping.loop.tasks[0]", keptBy: "Loop", weakly: true),
                ClosureSeen(path: "ping.loop.tasks[1]", keptBy: "Loop", weakly: false),
            ],
            notExamined: NotExamined(variables: ["ping"]))
        #expect(report.text.contains("`ping.loop.tasks[1]` (a closure Loop keeps), which took it strongly before release, held it"))
    }

    @Test func elseAHandleKeptElsewhereIsWhatHeldIt() {
        let report = freedLate(notExamined: NotExamined(variables: ["ping"]))
        #expect(report.text.contains("what `ping` keeps (something else keeps it too, so that was not read)"), "\(report)")
    }

    @Test func elseWhatItDoesNotStore() {
        #expect(freedLate().text.contains("something outside it held it until then (a work item a queue keeps"))
    }

    /// A failed calibration is said on a freed report too: what the verdict rests on was not all read.
    @Test func aFailedCalibrationIsSaidWhateverTheFate() {
        let report = freedLate(notExamined: NotExamined(uncalibrated: [.init(path: "ping.source", kind: .source)]))
        #expect(report.text.contains("not examined"), "\(report)")
        #expect(report.text.contains("`ping.source`: what its handlers capture was not read"), "\(report)")
        #expect(!freedLate().text.contains("not examined"))
    }
}
