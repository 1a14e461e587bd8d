import Foundation
import Testing

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
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("SCENARIO"))
        #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true) == [
            "strong-target", "leaked", "3", "2", "running", "leaked", "yes",
        ])
        #expect(lines[2].split(separator: " ", omittingEmptySubsequences: true) == [
            "block-weak", "freed", "3", "0", "stopped", "freed", "yes",
        ])
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
}
