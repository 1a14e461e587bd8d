/// One scenario's verdict in `timerlab check`: observed (as expected or not), or failed to run.
public struct CheckResult: Sendable, Equatable {
    /// How the scenario's check ended.
    public enum Status: String, Sendable, Codable {
        case asExpected = "as expected"
        case differs
        case crashed
        case timedOut = "timed out"
        case failed = "failed to run"
    }

    /// The scenario's name.
    public let scenario: String
    /// How it ended.
    public let status: Status
    /// What was observed, when the run completed.
    public let record: RunRecord?
    /// For a run that did not complete: the signal, the exit status or the error it printed.
    public let detail: String?
    /// The child process's wall time, in seconds.
    public let seconds: Double

    /// A result for a run that completed.
    public init(record: RunRecord, seconds: Double) {
        self.scenario = record.scenario
        self.status = record.asExpected ? .asExpected : .differs
        self.record = record
        self.detail = nil
        self.seconds = seconds
    }

    /// A result for a run that did not complete.
    public init(scenario: String, status: Status, detail: String, seconds: Double) {
        self.scenario = scenario
        self.status = status
        self.record = nil
        self.detail = detail
        self.seconds = seconds
    }

    /// Whether the scenario behaved as documented.
    public var passed: Bool { status == .asExpected }

    /// One line on what went wrong: the facts that differ, or why the run did not complete.
    public var problem: String? {
        switch status {
        case .asExpected:
            return nil
        case .differs:
            return record?.mismatches.map { "\($0.fact): expected \($0.expected), observed \($0.observed)" }
                .joined(separator: "; ")
        case .crashed, .timedOut, .failed:
            return [status.rawValue, detail].compactMap { $0 }.joined(separator: ": ")
        }
    }
}

/// The totals of a check.
public struct CheckSummary: Sendable, Equatable, Codable {
    public var total: Int
    public var asExpected: Int
    public var differ: Int
    public var crashed: Int
    public var timedOut: Int
    public var failed: Int
    public var seconds: Double

    /// Counts `results`, which took `seconds` in all.
    public init(_ results: [CheckResult], seconds: Double) {
        total = results.count
        asExpected = results.filter { $0.status == .asExpected }.count
        differ = results.filter { $0.status == .differs }.count
        crashed = results.filter { $0.status == .crashed }.count
        timedOut = results.filter { $0.status == .timedOut }.count
        failed = results.filter { $0.status == .failed }.count
        self.seconds = seconds
    }

    /// Whether every scenario behaved as documented.
    public var passed: Bool { asExpected == total }

    /// `18 scenarios: 18 as expected, 0 differ, 0 crashed, 0 timed out (0.62 s)`.
    public var line: String {
        var text = "\(total) scenario\(total == 1 ? "" : "s"): \(asExpected) as expected, \(differ) differ, \(crashed) crashed, \(timedOut) timed out"
        if failed > 0 { text += ", \(failed) failed to run" }
        return text + " (\(String(format: "%.2f", seconds)) s)"
    }
}
