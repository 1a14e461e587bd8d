import Clocks
import Foundation
import Testing
import TimerLabTesting

/// Where `scripts/report-samples.sh` wants the reports written, if it ran this suite.
let reportSamplesFolder = ProcessInfo.processInfo.environment["TIMERLAB_REPORT_SAMPLES"]

/// Writes the reports the documentation shows of the example package's types, each to
/// `$TIMERLAB_REPORT_SAMPLES/Type.txt`, for `scripts/report-samples.sh`, which compares them with
/// the documentation (numbers masked) or rewrites it. Runs only when that variable is set.
@Suite(.enabled(if: reportSamplesFolder != nil, "writes only for scripts/report-samples.sh"))
struct ReportSamples {
    @Test func theDocumentedClocksReportsAreWritten() async throws {
        try await withThrowingTaskGroup(of: LifetimeReport.self) { group in
            group.addTask {
                try await Lifetime.check {
                    CarefulPoller()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    TimeServerPoller()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    WorldClockScreen()
                } start: {
                    $0.appear()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    SecondsHand()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(200))) {
                    KioskScreen()
                } start: {
                    $0.appear()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    TimeSyncer()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    SnoozedAlarm()
                } start: {
                    $0.start()
                    $0.snooze()
                }
            }
            for try await report in group { try write(report) }
        }
    }

    @MainActor @Test func theDocumentedMainActorReportIsWritten() async throws {
        try write(
            try await Lifetime.check {
                ScrollingBanner()
            } start: {
                $0.start()
            })
    }

    private func write(_ report: LifetimeReport) throws {
        let folder = try #require(reportSamplesFolder)
        let path = URL(fileURLWithPath: folder).appendingPathComponent("\(report.typeName).txt")
        try (report.description + "\n").write(to: path, atomically: true, encoding: .utf8)
    }
}
