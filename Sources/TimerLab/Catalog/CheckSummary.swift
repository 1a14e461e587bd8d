import TimerLabHarness

/// The totals of a check.
package struct CheckSummary: Sendable, Equatable, Codable {
    package var total: Int
    package var passed: Int
    package var differ: Int
    package var crashed: Int
    package var timedOut: Int
    package var errors: Int
    package var seconds: Double

    /// Counts `results`, which took `seconds` in all.
    package init(_ results: [CheckResult], seconds: Double) {
        func count(_ status: CheckResult.Status) -> Int { results.filter { $0.status == status }.count }
        total = results.count
        passed = count(.pass)
        differ = count(.differs)
        crashed = count(.crashed)
        timedOut = count(.timedOut)
        errors = count(.error)
        self.seconds = seconds
    }

    /// Whether every scenario behaved as documented.
    package var allPassed: Bool { passed == total }

    /// `18 scenarios: 18 as expected, 0 differ, 0 crashed, 0 timed out (0.62 s)`.
    package var line: String {
        var text =
            "\(total) scenario\(total == 1 ? "" : "s"): \(passed) as expected, \(differ) differ, \(crashed) crashed, \(timedOut) timed out"
        if errors > 0 { text += ", \(errors) could not be run" }
        return text + " (\(String(format: "%.2f", seconds)) s)"
    }
}
