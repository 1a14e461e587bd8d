import Foundation
import Testing
import TimerLabTesting

/// Where `scripts/report-samples.sh` wants the reports written, if it ran this suite.
let reportSamplesFolder = ProcessInfo.processInfo.environment["TIMERLAB_REPORT_SAMPLES"]

/// Writes the reports the documentation shows of this suite's app types, each to
/// `$TIMERLAB_REPORT_SAMPLES/Type.txt`, for `scripts/report-samples.sh`, which compares them with
/// the documentation (numbers masked) or rewrites it. Runs only when that variable is set.
@Suite(.enabled(if: reportSamplesFolder != nil, "writes only for scripts/report-samples.sh"))
struct ReportSamples {
    @Test func theDocumentedAppTypesReportsAreWritten() async throws {
        let folder = try #require(reportSamplesFolder)
        try await withThrowingTaskGroup(of: LifetimeReport.self) { group in
            group.addTask {
                try await Lifetime.check {
                    FeedViewModel()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    ProfileModel()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    DraftSaver()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    SessionMonitor()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    ReminderBanner()
                } start: {
                    $0.start()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    PricePoller()
                } start: {
                    $0.start()
                    $0.startRepeater()
                }
            }
            group.addTask {
                try await Lifetime.check {
                    DraftEditor()
                } start: {
                    $0.start()
                } beforeRelease: {
                    $0.leave()
                }
            }
            for try await report in group {
                let path = URL(fileURLWithPath: folder).appendingPathComponent("\(report.typeName).txt")
                try (report.description + "\n").write(to: path, atomically: true, encoding: .utf8)
            }
        }
    }
}
