import Foundation
import Testing
import TimerLab
import TimerLabHarness

/// What the README promises about output, checked against the built binary's real output.
@Suite struct DocumentedOutputTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // The README and the reference it hands the details to are one manual.
        return ["README.md", "docs/reference.md"].map {
            (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
    }()

    /// The keys the README's JSON table documents: every backquoted name in its first column.
    static let documentedKeys: [String] = {
        let lines = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.firstIndex(of: "| key | meaning |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.flatMap { row -> [String] in
            let firstCell = row.split(separator: "|").first ?? ""
            return firstCell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }()

    /// The README's first sample output is what the command prints, but for the timing figures.
    @Test func theSampleOutputIsWhatLeakPrints() async throws {
        let start = try #require(Self.readme.range(of: "$ swift run -c release timerlab leak strong-target\n"))
        let sample = Self.readme[start.upperBound...].prefix { _ in true }
        let block = String(sample[..<(sample.range(of: "```")?.lowerBound ?? sample.endIndex)])
        let result = await BinaryRunner.run(["leak", "strong-target"])
        #expect(result.status == 0)
        // Figures vary from run to run (ticks that slip in on a loaded machine, the timing block):
        // every number is compared as '#', and the timing block by its label alone.
        func stable(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init)
                .filter { !$0.hasPrefix("  timing") && !$0.hasPrefix("                 ") }
                .map { $0.replacingOccurrences(of: #"[0-9]+(\.[0-9]+)?"#, with: "#", options: .regularExpression) }
        }
        #expect(stable(result.out) == stable(block), "\(result.out)")
    }

    @Test func everyResultOfEveryScenarioCarriesEveryDocumentedKey() async throws {
        #expect(Self.documentedKeys.count >= 20, "the README's key table was not found")
        let result = await BinaryRunner.run(["leak", "--all", "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["scenario"] as? String } == Catalog.all.map(\.name))
        for result in results {
            for key in Self.documentedKeys {
                #expect(result.keys.contains(key), "\(result["scenario"] ?? "?") lacks \(key)")
            }
            let expected = try #require(result["expected"] as? [String: Any])
            #expect(Set(expected.keys) == ["owner", "fired", "afterRelease", "helper", "platform", "otherPlatform"])
            let lifetimes = try #require(result["lifetimes"] as? [String: Any])
            #expect(Set(lifetimes.keys) == ["owner", "timer", "intermediate", "helper"])
            #expect(!(result["family"] as? String ?? " ").contains(" "))
        }
    }

    @Test func listNamesExactlyTheCatalog() async {
        let result = await BinaryRunner.run(["list", "--format", "tsv"])
        #expect(result.status == 0)
        let names = result.out.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
        #expect(names == Catalog.all.map(\.name))
    }

    @Test(arguments: Catalog.all.map(\.name))
    func explainAsJSONParsesAndNamesTheScenario(_ name: String) async throws {
        let result = await BinaryRunner.run(["explain", name, "--format", "json"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(document["scenario"] as? String == name)
        #expect(document["nodes"] is [[String: Any]])
        #expect(document["edges"] is [[String: Any]])
        for key in ["retainingPath", "cycle", "keptAliveBy"] {
            #expect(document.keys.contains(key), "\(key)")
        }
    }

    @Test func explainGCDStrongNamesTheCycleAndNoQueue() async {
        let result = await BinaryRunner.run(["explain", "gcd-strong"])
        #expect(result.out.contains("Kept alive by: the cycle owner -> DispatchSourceTimer -> event handler -> owner"))
        let edges = result.out.split(separator: "\n").filter { $0.contains("====>") || $0.contains("---->") }
        #expect(!edges.isEmpty)
        #expect(!edges.contains { $0.contains("queue") }, "an edge from a queue is drawn")
    }

    @Test func nothingPrintedPointsOutsideTheRepository() async {
        var outputs = [await BinaryRunner.run(["list", "--format", "json"]).out, await BinaryRunner.run(["--help"]).out]
        for scenario in Catalog.all {
            outputs.append(await BinaryRunner.run(["explain", scenario.name]).out)
        }
        for output in outputs {
            #expect(!output.contains("shared/") && !output.contains("seeds/"))
        }
    }
}
