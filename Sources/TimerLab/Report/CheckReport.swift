import Foundation
import TimerLabHarness

/// Renders a check: a line per scenario and a summary (text), or JSON, TSV or JUnit XML.
package enum CheckReport {
    /// `PASS  name  facts` or `FAIL  name  what differed`, then the summary.
    package static func text(_ results: [CheckResult], summary: CheckSummary, style: TextStyle = .plain) -> String {
        let width = (results.map(\.scenario.count).max() ?? 0) + 2
        let lines = results.map { result -> String in
            let mark = result.passed ? style.green("PASS") : style.red("FAIL")
            let name = WordWrap.padded(result.scenario, to: width)
            if let problem = result.problem {
                return "\(mark)  \(name)\(problem)"
            }
            let facts = result.result?.outcome.words ?? ""
            return "\(mark)  \(name)\(facts)"
        }
        let verdict = summary.allPassed ? style.green("check passed") : style.red("check FAILED")
        return lines.joined(separator: "\n") + "\n\n\(verdict): \(summary.line)\n"
    }

    /// The document `check --format json` prints.
    package struct Document: Codable, Sendable, Equatable {
        package var checks: [CheckResult]
        package var summary: CheckSummary
        package var passed: Bool
    }

    /// `{"checks": [{scenario, status, seconds, detail, result}], "summary": {...}, "passed": bool}`.
    package static func json(_ results: [CheckResult], summary: CheckSummary) -> String {
        JSONReport.encode(Document(checks: results, summary: summary, passed: summary.allPassed))
    }

    /// `leak`'s TSV columns, then `status` and `detail`; a run that did not complete has `-` facts.
    package static func tsv(_ results: [CheckResult]) -> String {
        let rows = results.map { result in
            let facts =
                result.result.map(TSVReport.fields(of:))
                ?? TSVReport.columns.map { column in
                    // What is known without an observation: the scenario and its family, as JUnit names it.
                    column == "scenario" ? result.scenario : column == "family" ? result.family.rawValue : "-"
                }
            return facts + [result.status.rawValue, result.detail ?? "-"]
        }
        return TSVReport.table(header: TSVReport.columns + ["status", "detail"], rows: rows)
    }

    /// JUnit XML: one `testcase` per scenario; a `failure` for one that differed, an `error` for one
    /// that crashed, timed out or could not be run (a fault of the tool, not of the scenario); and
    /// every case's observation in its `system-out`. `timestamp` is when the check started (UTC,
    /// no zone, as JUnit wants it).
    package static func junit(
        _ results: [CheckResult], summary: CheckSummary, started: Date = Date(), hostname: String = JUnitHost.name
    ) -> String {
        let errors = results.filter { $0.status.isError }.count
        let failures = results.filter { $0.status == .differs }.count
        let counts = #"tests="\#(summary.total)" failures="\#(failures)" errors="\#(errors)""#
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="timerlab check" \#(counts) time="\#(seconds(summary.seconds))">"# + "\n"
        xml += #"  <testsuite name="timerlab" \#(counts) skipped="0" time="\#(seconds(summary.seconds))""#
        xml += #" timestamp="\#(timestamp(started))" hostname="\#(XMLText.escaped(hostname))">"# + "\n"
        for result in results {
            xml += testCase(result)
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func testCase(_ result: CheckResult) -> String {
        let family = result.family.rawValue
        var xml =
            #"""
                <testcase classname="timerlab.\#(XMLText.escaped(family))" name="\#(XMLText.escaped(result.scenario))" \#
            time="\#(seconds(result.seconds))">
            """#
            + "\n"
        if let problem = result.problem {
            let element = result.status.isError ? "error" : "failure"
            xml += #"      <\#(element) type="\#(XMLText.escaped(result.status.rawValue))" message="\#(XMLText.escaped(problem))">"#
            xml += XMLText.escaped(failureBody(result)) + "</\(element)>\n"
        }
        xml += "      <system-out>" + XMLText.escaped(systemOut(result)) + "</system-out>\n"
        return xml + "    </testcase>\n"
    }

    /// What was observed, in words, or why nothing was: the case's standard output.
    private static func systemOut(_ result: CheckResult) -> String {
        guard let observed = result.result else {
            return "\(result.status.rawValue): \(result.detail ?? "")"
        }
        let controls = observed.controls.map { "\($0.what.rawValue) \($0.phase.rawValue) \($0.seen ? "seen" : "not seen")" }
        return """
            observed: \(facts(observed.outcome)); ticks \(observed.ticksBeforeRelease) before release, \(observed.ticksAfterRelease) after
            controls: \(controls.isEmpty ? "none needed" : controls.joined(separator: ", "))
            """
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
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
        outcome.facts.map { "\($0.displayName) \(outcome.value(of: $0))" }.joined(separator: ", ")
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
