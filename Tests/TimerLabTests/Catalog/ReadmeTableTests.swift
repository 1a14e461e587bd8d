import Foundation
import Testing
@testable import TimerLab

/// The README's scenario table is the user's copy of the catalog; it must say what the code says.
@Suite struct ReadmeTableTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    @Test(arguments: Catalog.all.map(\.name))
    func theReadmeRowMatchesTheCatalog(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let row = try #require(
            Self.readme.split(separator: "\n").first { $0.hasPrefix("| `\(name)` |") }, "no README row for \(name)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let expected = scenario.expectation.linux
        #expect(cells[1] == scenario.family.rawValue)
        #expect(cells[2] == (scenario.articles.isEmpty ? "Linux finding" : scenario.articles.map(\.rawValue).joined(separator: ", ")))
        #expect(cells[3].hasPrefix(expected.owner.rawValue))
        #expect(cells[4] == expected.fired.yesNo)
        #expect(cells[5] == expected.afterRelease.rawValue)
    }
}

/// The README's Mermaid graph is the renderer's real output, not a drawing that can drift.
@Suite struct ReadmeGraphTests {
    @Test func theMermaidBlockIsWhatExplainPrintsForStrongTargetOnLinux() {
        let block = "```mermaid\n" + MermaidGraph.render(.strongTarget, on: .linux) + "```"
        #expect(ReadmeTableTests.readme.contains(block))
    }
}
