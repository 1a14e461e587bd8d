import Foundation
import Testing
import TimerLabHarness

/// `explain` shows the owner's code and `diff` the lines between two scenarios, from the binary
/// alone: the code is carried in it, so a copy anywhere shows the same.
@Suite struct DiffTests {
    @Test func diffShowsTheMovedGuardAndBothObservedOutcomes() async {
        let result = await BinaryRunner.run(["diff", "task-guard-let", "task-weak-each"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("task-guard-let  LEAKED  observed in this run: leaked") == true, "\(result.out)")
        #expect(lines.dropFirst().first?.hasPrefix("task-weak-each  FREED   observed in this run: freed") == true)
        #expect(lines.contains { $0.hasPrefix("-▶") && $0.contains("guard let self else { return }") })
        #expect(lines.contains { $0.hasPrefix("+▶") && $0.contains("guard let self else { break }") })
        // A unified-diff hunk: both sides' start and span, as a review tool pastes it.
        #expect(lines.contains("@@ -13,5 +13,5 @@"), "\(result.out)")
    }

    @Test func diffAsJSONCarriesBothSidesAndTheHunks() async throws {
        let result = await BinaryRunner.run(["diff", "block-strong", "block-weak", "--format", "json"])
        #expect(result.status == 0, "\(result.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((document["first"] as? [String: Any])?["owner"] as? String == "leaked")
        #expect((document["second"] as? [String: Any])?["owner"] as? String == "freed")
        let hunks = try #require(document["hunks"] as? [[[String: Any]]])
        #expect(hunks.joined().contains { $0["op"] as? String == "+" && ($0["text"] as? String)?.contains("[weak self]") == true })
    }

    @Test(arguments: [["diff", "gcd"], ["diff", "gcd", "gcd"], ["diff", "gcd", "nope"]])
    func badArgumentsAreUsageErrors(_ arguments: [String]) async {
        let result = await BinaryRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: "))
    }

    /// A scenario with no carried code is refused before either scenario runs: the hang fixture
    /// would otherwise hold the command for its whole hard limit.
    @Test func aScenarioWithoutCodeIsRefusedBeforeAnythingRuns() async {
        let result = await BinaryRunner.run(["diff", "strong-target", "hang"], binary: .fixtures, timeLimit: 20)
        #expect(result.status == 64, "\(result.err)")
        #expect(result.err.hasPrefix("error: diff compares catalog scenarios, whose code timerlab carries; 'hang' has none"))
    }

    /// diff takes leak's run options, checked as leak checks them.
    @Test func diffTakesTheRunOptions() async throws {
        let result = await BinaryRunner.run(["diff", "block-strong", "block-weak", "--ticks", "5", "--interval", "0.005"])
        #expect(result.status == 0, "\(result.err)")
        let refused = await BinaryRunner.run(["diff", "block-strong", "block-weak", "--ticks", "0"])
        #expect(refused.status == 64 && refused.err.hasPrefix("error: --ticks"), "\(refused.err)")
    }

    /// A copy of the binary in an empty folder, run by another user who cannot read the checkout:
    /// the code still shows, with its mark.
    @Test(.enabled(if: FaultTests.canRunAsNobody))
    func aCopyElsewhereShowsTheSameCode() async {
        let (result, folder) = await FaultTests.asNobody("./timerlab explain strong-target")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.split(separator: "\n").contains { $0.contains(" ▶ ") && $0.contains("target: self") })
    }
}

/// Text output wraps to the terminal it is printed on; piped, it keeps its fixed width.
@Suite struct TerminalWidthTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func textWrapsToA60ColumnTerminal() async {
        let (result, folder) = await FaultTests.shell(
            #"script -qc "stty cols 60; NO_COLOR=1 $TL leak strong-target" /dev/null | tr -d '\r'"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = result.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("strong-target  LEAKED") == true, "\(result.out)")
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(result.out)")
        let piped = await BinaryRunner.run(["leak", "strong-target"])
        #expect(piped.out.split(separator: "\n").contains { $0.count > 60 }, "piped output keeps 100 columns")
    }
}
