import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab
@testable import TimerLabCLI

/// `leak`: its text, JSON and TSV, its exit status with `--expect`, colour, and `--explain`, run in-process.
@Suite struct LeakCommandTests {
    @Test func leakPrintsTheVerdictAndExitsZeroForALeak() async {
        let result = await runCommand(["leak", "strong-target"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("strong-target  LEAKED"))
        #expect(result.out.contains("as expected"))
        #expect(result.err.isEmpty)
    }

    @Test func expectExitsOneWhenAnOwnerDoesNotMatch() async {
        let mismatch = await runCommand(["leak", "strong-target", "block-weak", "--expect", "freed"])
        #expect(mismatch.status == 1)
        #expect(mismatch.err.contains("strong-target"))
        #expect(!mismatch.err.contains("block-weak"))
        let match = await runCommand(["leak", "block-weak", "gcd", "--expect", "freed"])
        #expect(match.status == 0)
    }

    /// A freed owner whose helper leaked left part of itself behind: it did not end freed, and
    /// every output says which part leaked.
    @Test func aLeakedHelperIsNotFreed() async throws {
        let strong = await runCommand(["leak", "helper-strong", "helper-weak", "--expect", "freed"])
        #expect(strong.status == 1)
        #expect(strong.err.contains("helper-strong (its helper leaked)"))
        #expect(!strong.err.contains("helper-weak"))
        #expect(strong.out.hasPrefix("helper-strong  FREED, HELPER LEAKED"))
        let tsv = await runCommand(["leak", "helper-strong", "helper-weak", "--format", "tsv"])
        let rows = tsv.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.dropFirst().map { $0.suffix(2) } == [["leaked", "leaked"], ["freed", "freed"]])
        let json = await runCommand(["leak", "helper-strong", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let result = try #require((document["results"] as? [[String: Any]])?.first)
        #expect(result["owner"] as? String == "freed")
        #expect(result["helper"] as? String == "leaked")
        let lifetime = (result["lifetimes"] as? [String: Any])?["helper"] as? [String: Any]
        #expect(lifetime?["kind"] as? String == "helper")
        #expect(lifetime?["freed"] as? Bool == false)
    }

    @Test func jsonHasTheDocumentedShape() async throws {
        let result = await runCommand(["leak", "proxy", "gcd-strong", "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for key in [
            "scenario", "family", "owner", "fired", "afterRelease", "ticksBeforeRelease", "ticksAfterRelease",
            "freedOnceStopped", "expected", "asExpected", "ticks", "interval", "lifetimes", "latenessMs",
        ] {
            #expect(results.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
        }
        #expect(results[0]["owner"] as? String == "freed")
        #expect(results[0]["freedOnceStopped"] is NSNull)
        #expect(results[1]["owner"] as? String == "leaked")
        #expect(results[1]["freedOnceStopped"] as? Bool == true)
        // The 0.1 spellings are written beside the new ones, with the same values, until 0.3.
        for result in results {
            #expect(result["ticksBeforeRelease"] as? Int != nil)
            #expect(result["firesBeforeRelease"] as? Int == result["ticksBeforeRelease"] as? Int)
            #expect(result["firesAfterRelease"] as? Int == result["ticksAfterRelease"] as? Int)
        }
        let expected = try #require(results[1]["expected"] as? [String: Any])
        #expect(Set(expected.keys).isSuperset(of: ["owner", "fired", "afterRelease"]))
        #expect(try JSONReport.decode(result.out).map(\.scenario) == ["proxy", "gcd-strong"])
    }

    @Test func tsvHasTheDocumentedColumns() async {
        let result = await runCommand(["leak", "one-shot", "--format", "tsv", "--ticks", "4"])
        let lines = result.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == 2)
        #expect(
            lines[0].prefix(8) == [
                "scenario", "owner", "fired", "after_release", "ticks_before", "ticks_after", "expected_owner",
                "as_expected",
            ])
        #expect(lines[1].prefix(8) == ["one-shot", "freed", "yes", "stopped", "1", "0", "freed", "yes"])
        #expect(lines.allSatisfy { $0.count == lines[0].count })
        // The 0.1 names, deprecated, with the same values, until 0.3; then the helper's fate,
        // `-` for an owner that makes none.
        #expect(lines[0].suffix(4) == ["fires_before", "fires_after", "helper", "expected_helper"])
        #expect(lines[1].suffix(4) == ["1", "0", "-", "-"])
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async {
        let plain = await runCommand(["leak", "strong-target"])
        let terminal = await runCommand(["leak", "strong-target"], isTerminal: true)
        let noColor = await runCommand(["leak", "strong-target"], isTerminal: true, environment: ["NO_COLOR": "1"])
        #expect(!plain.out.contains("\u{1B}["))
        #expect(terminal.out.contains("\u{1B}[1;31mLEAKED"))
        #expect(!noColor.out.contains("\u{1B}["))
    }

    @Test func leakExplainAppendsTheExplanationAfterEachResult() async {
        let result = await runCommand(["leak", "strong-target", "block-weak", "--explain"])
        #expect(result.status == 0)
        let strong = result.out.range(of: "strong-target  LEAKED")
        let strongWhy = result.out.range(of: "strong-target: who holds whom")
        let weak = result.out.range(of: "block-weak  FREED")
        let weakWhy = result.out.range(of: "block-weak: who holds whom")
        #expect(strong != nil && strongWhy != nil && weak != nil && weakWhy != nil)
        if let strong, let strongWhy, let weak, let weakWhy {
            #expect(strong.lowerBound < strongWhy.lowerBound)
            #expect(strongWhy.lowerBound < weak.lowerBound)
            #expect(weak.lowerBound < weakWhy.lowerBound)
        }
    }

    @Test func textShowsTheProofInWords() async {
        let freedByStopping = await runCommand(["leak", "gcd-strong"])
        #expect(freedByStopping.out.contains("stopping the timer released the owner"))
        let notFreed = await runCommand(["leak", "block-invalidated"])
        #expect(notFreed.out.contains("stopping the timer did not release the owner"))
    }
}
