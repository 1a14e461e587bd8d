import Foundation
import Testing

@testable import TimerLabTesting

/// The limits "Limits of a check" and the README's table give are the ones a check keeps: each
/// value at its bound is accepted, each just past it refused, the refusal naming the table;
/// and both tables say the same.
@Suite struct CheckDurationsTests {
    static func durations(
        running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20), patience: Duration = .seconds(2)
    ) -> CheckDurations {
        CheckDurations(running: running, grace: grace, timeout: .seconds(10), patience: patience)
    }

    static func refusal(_ durations: CheckDurations) -> String? {
        do {
            _ = try durations.settings()
            return nil
        } catch {
            return error.code == .invalidDurations ? error.reason : "another code: \(error)"
        }
    }

    @Test func eachBoundIsAcceptedAndJustPastItRefused() {
        let accepted = [
            Self.durations(running: .milliseconds(1), grace: .milliseconds(1)),
            Self.durations(running: .seconds(100), grace: .seconds(100)),
            Self.durations(patience: .zero), Self.durations(patience: .seconds(60)),
        ]
        for durations in accepted { #expect(Self.refusal(durations) == nil, "\(durations)") }
        let refused = [
            Self.durations(running: .microseconds(500)), Self.durations(grace: .microseconds(500)),
            Self.durations(running: .milliseconds(100_010)), Self.durations(grace: .milliseconds(100_010)),
            Self.durations(running: .seconds(1_000)), Self.durations(patience: .milliseconds(60_001)),
            Self.durations(patience: .milliseconds(-1)), Self.durations(running: .zero),
            // Under 10 ms, one bounds the other: 10,000 steps of 1 ms.
            Self.durations(running: .milliseconds(10_001), grace: .milliseconds(1)),
        ]
        for durations in refused {
            let reason = Self.refusal(durations)
            #expect(reason?.contains("Limits of a check") == true, "\(durations): \(String(describing: reason))")
        }
    }

    /// The README's table and the DocC article's have the same rows.
    @Test func bothTablesSayTheSame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/TimerLabTesting/TimerLabTesting.docc/LimitsOfACheck.md"), encoding: .utf8)
        let rows = [
            "| `running` | 1 ms to 100 s | 30 ms |", "| `grace` | 1 ms to 100 s | 20 ms |", "| `timeout` | longer than zero | 10 s |",
            "| `patience` | zero to 60 s | 2 s",
        ]
        for row in rows {
            #expect(readme.contains(row), "the README lacks \(row)")
            #expect(article.contains(row), "the article lacks \(row)")
        }
    }
}
