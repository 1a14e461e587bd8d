import Foundation
import FoundationXML
import Testing
@testable import TimerLab

/// The check renderers, fed by hand-made results (these tests are about rendering, not running).
@Suite struct CheckReportTests {
    static func record(_ name: String, owner: String, expectedOwner: String) -> RunRecord {
        RunRecord(
            scenario: name, family: "block API", articles: ["000"], owner: owner, fired: true,
            afterRelease: "running", firesBeforeRelease: 3, firesAfterRelease: 2, freedOnceStopped: true,
            ownerDeinitRan: owner == "freed",
            lifetimes: .init(owner: .init(kind: "owner", freed: owner == "freed"), timer: nil, intermediate: nil),
            latenessMs: nil, toleranceMs: 0,
            expected: .init(owner: expectedOwner, fired: true, afterRelease: "running", platform: "Linux", otherPlatform: nil),
            asExpected: owner == expectedOwner,
            mismatches: owner == expectedOwner ? [] : [.init(fact: "owner", expected: expectedOwner, observed: owner)],
            linuxNote: nil, ticks: 3, tickTarget: 3, interval: 0.01, grace: 2)
    }

    static let results = [
        CheckResult(record: record("a<&>\"'", owner: "leaked", expectedOwner: "freed"), seconds: 0.1),
        CheckResult(record: record("fine", owner: "leaked", expectedOwner: "leaked"), seconds: 0.1),
        CheckResult(scenario: "boom", status: .crashed, detail: "killed by signal 4 (SIGILL)\u{1}", seconds: 0.2),
    ]

    @Test func junitEscapesEverythingAndParses() throws {
        let summary = CheckSummary(Self.results, seconds: 0.3)
        let document = try XMLDocument(data: Data(CheckReport.junit(Self.results, summary: summary).utf8))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "2")
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names == ["a<&>\"'", "fine", "boom"])
        #expect(try document.nodes(forXPath: "//testcase[@name='boom']/failure[@type='crashed']").count == 1)
    }

    @Test func summaryCountsEachKindOfEnd() {
        let summary = CheckSummary(Self.results, seconds: 1)
        #expect(summary.total == 3 && summary.asExpected == 1 && summary.differ == 1 && summary.crashed == 1)
        #expect(!summary.passed)
        #expect(summary.line == "3 scenarios: 1 as expected, 1 differ, 1 crashed, 0 timed out (1.00 s)")
    }

    @Test func tsvGivesFailedRunsDashesAndAStatus() {
        let lines = CheckReport.tsv(Self.results).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.allSatisfy { $0.count == lines[0].count })
        #expect(lines[0].suffix(2) == ["status", "detail"])
        #expect(lines[3][1] == "-")
        #expect(lines[3].suffix(2).first == "crashed")
    }

    @Test func jsonCarriesEveryCheckAndTheSummary() throws {
        let summary = CheckSummary(Self.results, seconds: 0.3)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(CheckReport.json(Self.results, summary: summary).utf8))
                as? [String: Any])
        let checks = try #require(json["checks"] as? [[String: Any]])
        #expect(checks.map { $0["status"] as? String } == ["differs", "as expected", "crashed"])
        #expect(checks[2]["result"] is NSNull)
        #expect(json["passed"] as? Bool == false)
    }
}
