import Foundation
import Testing
import TimerLab
import TimerLabHarness

/// The built `timerlab` binary, run as a separate process, behaves as the README says.
@Suite struct EndToEndTests {
    @Test func theReadmesFirstCommandShowsALeak() async {
        let result = await BinaryRunner.run(["leak", "strong-target"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("strong-target  LEAKED"))
        #expect(result.err.isEmpty)
    }

    @Test func everyScenarioAsJSONIsAsExpected() async throws {
        let result = await BinaryRunner.run(["leak", "--all", "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == Catalog.all.count)
        let unexpected = results.filter { $0["asExpected"] as? Bool != true }.compactMap { $0["scenario"] as? String }
        #expect(unexpected.isEmpty, "not as expected: \(unexpected)")
        for result in results {
            let name = result["scenario"] as? String ?? "?"
            #expect(result["freedOnceStopped"] is Bool || result["freedOnceStopped"] is NSNull, "\(name)")
            let lifetimes = result["lifetimes"] as? [String: Any]
            #expect(Set(lifetimes?.keys.map { $0 } ?? []) == ["owner", "timer", "intermediate", "helper"], "\(name)")
            #expect(result["latenessMs"] is [String: Any] || result["latenessMs"] is NSNull, "\(name)")
            #expect(result["toleranceMs"] is NSNumber, "\(name)")
            if result["fired"] as? Bool == true {
                let lateness = result["latenessMs"] as? [String: Any]
                #expect(lateness?["median"] is NSNumber && lateness?["max"] is NSNumber, "\(name)")
            }
        }
    }

    @Test func listPrintsTheCatalog() async {
        let result = await BinaryRunner.run(["list", "--format", "tsv"])
        #expect(result.status == 0)
        #expect(result.out.split(separator: "\n").count == Catalog.all.count + 1)
    }

    @Test func aTypoExits64WithASuggestionAndNothingOnStandardOutput() async {
        let result = await BinaryRunner.run(["leak", "stong-target"])
        #expect(result.status == 64)
        #expect(!result.signalled)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: unknown scenario 'stong-target'; did you mean 'strong-target'?\n"))
        #expect(result.err.contains("See 'timerlab leak --help'"))
    }

    @Test func helpGoesToStandardOutput() async {
        let result = await BinaryRunner.run(["leak", "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("OVERVIEW:"))
        #expect(result.err.isEmpty)
    }

    @Test func noColourWhenPiped() async {
        let result = await BinaryRunner.run(["leak", "gcd"])
        #expect(!result.out.contains("\u{1B}["))
    }

    @Test func leakOutputWritesTheReportToAFileAsCheckDoes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("leaks.json")
        let result = await BinaryRunner.run(["leak", "gcd", "gcd-strong", "--format", "json", "--output", file.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "wrote json report to \(file.path)\n", "\(result.out)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let records = try #require(document["results"] as? [[String: Any]])
        #expect(records.map { $0["scenario"] as? String } == ["gcd", "gcd-strong"])
        let missing = await BinaryRunner.run(["leak", "gcd", "--output", "/nonexistent-folder/leaks.txt"])
        #expect(missing.status == 64 && missing.out.isEmpty, "\(missing)")
        #expect(missing.err.hasPrefix("error: --output '/nonexistent-folder/leaks.txt': no such directory"))
    }
}

/// A scenario that never finishes gets `leak` exit status 124, and does not disturb the others.
@Suite struct LeakFailureEndToEndTests {
    @Test func aHungScenarioExits124AndTheOthersKeepTheirOwnExplanations() async {
        let result = await BinaryRunner.run(
            ["leak", "strong-target", "hang", "gcd", "--explain", "--ticks", "1", "--interval", "0.001", "--grace", "1"],
            binary: .fixtures)
        #expect(result.status == 124)
        #expect(!result.signalled)
        #expect(result.err.contains("error: scenario 'hang' did not finish within"))
        let blocks = result.out.components(separatedBy: "\n\n")
        let verdicts = blocks.filter { $0.contains("  LEAKED  ") || $0.contains("  FREED  ") }
        #expect(verdicts.count == 2)
        // Each explanation follows its own result: strong-target's, then gcd's.
        let strong = result.out.range(of: "strong-target  LEAKED")
        let strongWhy = result.out.range(of: "strong-target: who holds whom")
        let gcd = result.out.range(of: "gcd  FREED")
        let gcdWhy = result.out.range(of: "gcd: who holds whom")
        #expect(strong != nil && strongWhy != nil && gcd != nil && gcdWhy != nil)
        if let strong, let strongWhy, let gcd, let gcdWhy {
            #expect(strong.lowerBound < strongWhy.lowerBound && strongWhy.lowerBound < gcd.lowerBound)
            #expect(gcd.lowerBound < gcdWhy.lowerBound)
        }
    }
}
