import Foundation
import FoundationXML
import Testing
import TimerLab
import TimerLabHarness

/// `timerlab check` as CI runs it: isolated children, honest failures, exit statuses, JUnit.
@Suite struct CheckEndToEndTests {
    static let fast = ["--ticks", "1", "--interval", "0.001", "--grace", "1"]

    @Test func theWholeCatalogChecksOutAndExitsZero() async {
        let result = await BinaryRunner.run(["check"])
        #expect(result.status == 0, "stderr: \(result.err)")
        let count = Catalog.all.count
        #expect(result.out.contains("check passed: \(count) scenarios: \(count) as expected"))
        #expect(result.out.split(separator: "\n").filter { $0.hasPrefix("PASS  ") }.count == count)
    }

    @Test func aWrongExpectationACrashAndHangsAreReportedNotFatal() async {
        let result = await BinaryRunner.run(
            ["check", "wrong-expectation", "crash", "hang", "stopped", "strong-target"] + Self.fast,
            binary: .fixtures)
        #expect(result.status == 1)
        #expect(!result.signalled)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("FAIL  wrong-expectation") && $0.contains("owner: expected freed, observed leaked") })
        #expect(lines.contains { $0.hasPrefix("FAIL  crash") && $0.contains("crashed: killed by signal") })
        #expect(lines.contains { $0.hasPrefix("FAIL  hang") && $0.contains("timed-out") })
        #expect(lines.contains { $0.hasPrefix("FAIL  stopped") && $0.contains("timed-out: killed after") })
        #expect(lines.contains { $0.hasPrefix("PASS  strong-target") })
        #expect(result.out.contains("5 scenarios: 1 as expected, 1 differ, 1 crashed, 2 timed out"))
        #expect(result.err.contains("wrong-expectation (differs)"))
    }

    @Test func junitIsWellFormedWithAFailureForEachMismatch() async throws {
        let result = await BinaryRunner.run(
            ["check", "wrong-expectation", "strong-target", "--format", "junit"] + Self.fast, binary: .fixtures)
        #expect(result.status == 1)
        try #require(!result.out.isEmpty, "stderr: \(result.err)")
        let document = try XMLDocument(data: Data(result.out.utf8))
        let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase")
        #expect(cases.count == 2)
        let failures = try document.nodes(forXPath: "//testcase[@name='wrong-expectation']/failure")
        #expect(failures.count == 1)
        let failure = try #require(failures.first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("owner: expected freed, observed leaked") == true)
        #expect(failure.stringValue?.contains("observed: owner leaked") == true)
        #expect(try document.nodes(forXPath: "//testcase[@name='strong-target']/failure").isEmpty)
    }

    @Test func outputWritesTheReportToAFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check.xml")
        let result = await BinaryRunner.run(["check", "gcd", "proxy", "--format", "junit", "--output", file.path])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("wrote junit report to \(file.path): 2 scenarios: 2 as expected"))
        let document = try XMLDocument(contentsOf: file)
        #expect(try document.nodes(forXPath: "//testcase").count == 2)
    }

    @Test func outputToAMissingFolderIsAUsageError() async {
        let result = await BinaryRunner.run(["check", "gcd", "--output", "/nonexistent-folder/report.xml"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: --output '/nonexistent-folder/report.xml': no such directory"))
    }
}
