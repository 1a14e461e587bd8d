import Foundation
import TimerLab

/// Renders a check: a line per scenario and a summary (text), or JSON, TSV or JUnit XML.
public enum CheckReport {
    /// `PASS  name  facts` or `FAIL  name  what differed`, then the summary.
    public static func text(_ results: [CheckResult], summary: CheckSummary, style: TextStyle = .plain) -> String {
        let width = (results.map(\.scenario.count).max() ?? 0) + 2
        let lines = results.map { result -> String in
            let mark = result.passed ? style.green("PASS") : style.red("FAIL")
            let name = result.scenario.padding(toLength: width, withPad: " ", startingAt: 0)
            if let problem = result.problem {
                return "\(mark)  \(name)\(problem)"
            }
            let facts = result.result.map {
                "\($0.owner.rawValue), \($0.fired ? "fired" : "never fired"), \($0.afterRelease.rawValue)"
            } ?? ""
            return "\(mark)  \(name)\(facts)"
        }
        let verdict = summary.allPassed ? style.green("check passed") : style.red("check FAILED")
        return lines.joined(separator: "\n") + "\n\n\(verdict): \(summary.line)\n"
    }

    /// The document `check --format json` prints.
    public struct Document: Codable, Sendable, Equatable {
        public var checks: [CheckResult]
        public var summary: CheckSummary
        public var passed: Bool
    }

    /// `{"checks": [{scenario, status, seconds, detail, result}], "summary": {...}, "passed": bool}`.
    public static func json(_ results: [CheckResult], summary: CheckSummary) -> String {
        JSONReport.encode(Document(checks: results, summary: summary, passed: summary.allPassed))
    }

    /// `leak`'s TSV columns, then `status` and `detail`; a run that did not complete has `-` facts.
    public static func tsv(_ results: [CheckResult]) -> String {
        let rows = results.map { result in
            let facts = result.result.map(TSVReport.fields(of:))
                ?? [result.scenario] + Array(repeating: "-", count: TSVReport.columns.count - 1)
            return facts + [result.status.rawValue, result.detail ?? "-"]
        }
        return TSVReport.table(header: TSVReport.columns + ["status", "detail"], rows: rows)
    }

    /// JUnit XML: one `testcase` per scenario, a `failure` with expected and observed for each that
    /// differs, crashed or timed out.
    public static func junit(_ results: [CheckResult], summary: CheckSummary) -> String {
        let failures = summary.total - summary.passed
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="timerlab check" tests="\#(summary.total)" failures="\#(failures)" errors="0" time="\#(seconds(summary.seconds))">"# + "\n"
        xml += #"  <testsuite name="timerlab" tests="\#(summary.total)" failures="\#(failures)" errors="0" skipped="0" time="\#(seconds(summary.seconds))">"# + "\n"
        for result in results {
            let family = result.family.rawValue
            let open = #"    <testcase classname="timerlab.\#(XMLText.escaped(family))" name="\#(XMLText.escaped(result.scenario))" time="\#(seconds(result.seconds))""#
            guard let problem = result.problem else {
                xml += open + "/>\n"
                continue
            }
            xml += open + ">\n"
            xml += #"      <failure type="\#(XMLText.escaped(result.status.rawValue))" message="\#(XMLText.escaped(problem))">"#
            xml += XMLText.escaped(failureBody(result)) + "</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func failureBody(_ result: CheckResult) -> String {
        guard let observed = result.result else {
            return "\(result.status.rawValue): \(result.detail ?? "")"
        }
        let expected = observed.expected
        return """
            expected (\(expected.platform.displayName)): \(facts(expected.outcome))
            observed: \(facts(observed.outcome))
            """
    }

    private static func facts(_ outcome: Outcome) -> String {
        Outcome.Fact.allCases.map { "\($0.displayName) \(outcome.value(of: $0))" }.joined(separator: ", ")
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
