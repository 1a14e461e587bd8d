import Foundation
import FoundationXML
import Testing
import TimerLabHarness

@testable import TimerLab

/// The check renderers, fed by hand-made results (these tests are about rendering, not running).
@Suite struct CheckReportTests {
    static let results = [
        CheckResult(observation: SampleObservations.observation("a<&>\"'", owner: .leaked, expectedOwner: .freed), seconds: 0.1),
        CheckResult(observation: SampleObservations.observation("fine", owner: .leaked, expectedOwner: .leaked), seconds: 0.1),
        CheckResult(
            scenario: SampleObservations.scenario("boom"), status: .crashed, detail: "killed by signal 4 (SIGILL)\u{1}", seconds: 0.2),
        CheckResult(scenario: SampleObservations.scenario("stuck"), status: .timedOut, detail: "killed after 3.6 s", seconds: 3.6),
    ]
    static let summary = CheckSummary(results, seconds: 0.3)

    @Test func junitEscapesEverythingAndParses() throws {
        let document = try XMLDocument(data: Data(CheckReport.junit(Self.results, summary: Self.summary).utf8))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "4")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "errors")?.stringValue == "2")
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names == ["a<&>\"'", "fine", "boom", "stuck"])
        #expect(try document.nodes(forXPath: "//testcase[@name='boom']/error[@type='crashed']").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='stuck']/error[@type='timed-out']").count == 1)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
    }

    /// The rules of the JUnit schemas CI servers read (Ant's and Jenkins'): the suite names its
    /// time, host and counts; counts agree with the cases; each case has a name, a class name and a
    /// time, at most one failure or error with a type, and (Jenkins, GitLab) its own system-out.
    @Test func junitFollowsTheSchemaAndEveryCaseCarriesItsObservation() throws {
        let started = Date(timeIntervalSince1970: 1_800_000_000)
        let xml = CheckReport.junit(Self.results, summary: Self.summary, started: started, hostname: "ci-1")
        let document = try XMLDocument(data: Data(xml.utf8))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "timestamp")?.stringValue == "2027-01-15T08:00:00")
        #expect(suite.attribute(forName: "hostname")?.stringValue == "ci-1")
        for name in ["name", "tests", "failures", "errors", "time"] {
            #expect(suite.attribute(forName: name) != nil, "testsuite lacks \(name)")
        }
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == Int(suite.attribute(forName: "tests")?.stringValue ?? ""))
        for testCase in cases {
            for name in ["name", "classname", "time"] {
                #expect(testCase.attribute(forName: name) != nil)
            }
            let verdicts = (testCase.elements(forName: "failure") + testCase.elements(forName: "error"))
            #expect(verdicts.count <= 1)
            #expect(verdicts.allSatisfy { $0.attribute(forName: "type") != nil })
            #expect(testCase.elements(forName: "system-out").count == 1)
        }
        let out = try document.nodes(forXPath: "//testcase[@name='fine']/system-out").first?.stringValue ?? ""
        #expect(out.contains("observed: owner leaked, fired yes, after release running"))
        let stuck = try document.nodes(forXPath: "//testcase[@name='stuck']/system-out").first?.stringValue ?? ""
        #expect(stuck.contains("timed-out: killed after 3.6 s"))
    }

    @Test func junitClassNamesAreTheFamilyWithoutSpacesForEveryCaseEvenUnfinishedOnes() throws {
        let document = try XMLDocument(data: Data(CheckReport.junit(Self.results, summary: Self.summary).utf8))
        let classNames = try document.nodes(forXPath: "//testcase/@classname").compactMap(\.stringValue)
        #expect(classNames == ["timerlab.block-api", "timerlab.block-api", "timerlab.gcd", "timerlab.gcd"])
        #expect(classNames.allSatisfy { !$0.contains(" ") })
    }

    @Test func summaryCountsEachKindOfEnd() {
        let summary = CheckSummary(Self.results, seconds: 1)
        #expect(summary.total == 4 && summary.passed == 1 && summary.differ == 1 && summary.crashed == 1 && summary.timedOut == 1)
        #expect(!summary.allPassed)
        #expect(summary.line == "4 scenarios: 1 as expected, 1 differ, 1 crashed, 1 timed out (1.00 s)")
    }

    @Test func tsvGivesUnfinishedRunsDashesAndAStatus() {
        let lines = CheckReport.tsv(Self.results).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.allSatisfy { $0.count == lines[0].count })
        #expect(lines[0].suffix(2) == ["status", "detail"])
        #expect(lines[3][1] == "-")
        #expect(lines[3].suffix(2).first == "crashed")
        #expect(lines[4].suffix(2).first == "timed-out")
    }

    @Test func jsonCarriesEveryCheckAndTheSummaryAndDecodesToTheSameResults() throws {
        let text = CheckReport.json(Self.results, summary: Self.summary)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let checks = try #require(json["checks"] as? [[String: Any]])
        #expect(checks.map { $0["status"] as? String } == ["differs", "pass", "crashed", "timed-out"])
        #expect(checks[2]["result"] is NSNull)
        #expect(checks[0]["detail"] is NSNull)
        #expect(json["passed"] as? Bool == false)
        let decoded = try JSONDecoder().decode(CheckReport.Document.self, from: Data(text.utf8))
        #expect(decoded == CheckReport.Document(checks: Self.results, summary: Self.summary, passed: false))
    }

    @Test func everyStatusIsAMachineValue() {
        for status in CheckResult.Status.allCases {
            #expect(!status.rawValue.contains(" "), "\(status.rawValue)")
        }
    }

    /// `check` reads what a child saw from its JSON, and decides itself whether that was expected:
    /// a document that claims "as expected" over facts that differ is judged by its facts, and
    /// against the parent's expectation, not the one the child wrote.
    @Test func theVerdictIsComputedFromTheFactsNotReadFromTheDocument() throws {
        let differing = SampleObservations.observation("claims", owner: .leaked, expectedOwner: .freed)
        let rendered = JSONReport.render([differing])
        let claimed = rendered.replacingOccurrences(of: #""asExpected" : false"#, with: #""asExpected" : true"#)
        #expect(claimed != rendered)
        let decoded = try #require(try JSONReport.decode(claimed).first)
        #expect(!decoded.asExpected)
        let againstParent = decoded.compared(with: SampleObservations.scenario("claims"))  // expects freed, fired, stopped
        #expect(againstParent.mismatches.map(\.fact) == [.owner, .afterRelease])
        #expect(CheckResult(observation: againstParent, seconds: 0).status == .differs)
    }
}
