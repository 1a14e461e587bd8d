import Foundation
import Testing
import TimerLab
import TimerLabHarness

/// `scripts/compare-scenarios.sh`, run as a user would, against the binary `swift test` built.
@Suite struct CompareScriptTests {
    static let script: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/compare-scenarios.sh").path

    static func run(_ arguments: [String]) async -> BinaryRunner.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["TIMERLAB"] = BinaryRunner.Binary.timerlab.url.path
        return await BinaryRunner.run([script] + arguments, executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
    }

    @Test func printsOneAlignedRowPerScenario() async {
        let result = await Self.run(["strong-target", "block-weak"])
        #expect(result.status == 0, "stderr: \(result.err)")
        // Which binary answered is said, on standard error, so a stale install cannot pass for this code.
        #expect(result.err.contains("compare-scenarios: running \(BinaryRunner.Binary.timerlab.url.path)"), "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("SCENARIO"))
        // Tick counts depend on timing except where the code fixes them: at least the 3 ticks
        // waited for, at least one zombie tick for a leaked owner, none for a freed one.
        let strong = lines[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(strong.count == 7)
        #expect([strong[0], strong[1], strong[4], strong[5], strong[6]] == ["strong-target", "leaked", "running", "leaked", "yes"])
        #expect((Int(strong[2]) ?? 0) >= 3)
        #expect((Int(strong[3]) ?? 0) >= 1)
        let weak = lines[2].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(weak.count == 7)
        #expect([weak[0], weak[1], weak[3], weak[4], weak[5], weak[6]] == ["block-weak", "freed", "0", "stopped", "freed", "yes"])
        #expect((Int(weak[2]) ?? 0) >= 3)
    }

    @Test func exitsWithTimerlabsStatusWhenTimerlabFails() async {
        let result = await Self.run(["no-such-scenario"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("compare-scenarios: timerlab failed (exit 64)"))
    }

    @Test func printsUsageForDashH() async {
        let result = await Self.run(["-h"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("usage: compare-scenarios.sh"))
    }

    @Test func optionsWithoutScenarioNamesMeanEveryScenario() async {
        let result = await Self.run(["--ticks", "5"])
        #expect(result.status == 0, "stderr: \(result.err)")
        #expect(result.out.split(separator: "\n").count == Catalog.all.count + 1)
    }

    @Test func itsOwnFormatGivesTheComparisonAsJSONOrTSV() async throws {
        let json = await Self.run(["strong-target", "block-weak", "--format", "json"])
        #expect(json.status == 0, "stderr: \(json.err)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]], "\(json.out)")
        #expect(rows.map { $0["scenario"] as? String } == ["strong-target", "block-weak"], "\(json.out)")
        #expect(rows.map { $0["owner"] as? String } == ["leaked", "freed"], "\(json.out)")
        #expect(rows.allSatisfy { $0["asExpected"] as? Bool == true }, "\(json.out)")
        let tsv = await Self.run(["--format=tsv", "strong-target"])
        #expect(
            tsv.out.split(separator: "\n").first == "scenario\towner\tticks_before\tticks_after\tafter_release\texpected_owner\tas_expected"
        )
        let bad = await Self.run(["--format", "xml"])
        #expect(bad.status == 64 && bad.out.isEmpty, "\(bad)")
        #expect(bad.err == "error: unknown format 'xml' (table, tsv or json)\n", "\(bad.err)")
    }
}
