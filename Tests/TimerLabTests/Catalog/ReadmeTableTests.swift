import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab

/// The README's scenario table is the user's copy of the catalog; it must say what the code says.
@Suite struct ReadmeTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let readme: String = {
        // The README and the reference it hands the details to are one manual.
        ["README.md", "docs/reference.md"].map {
            (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
    }()

    /// The rows of the README table whose header starts `| scenario | family |`, as cells.
    static func tableRows(headedBy header: String) -> [[String]] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    static let scenarioRows = tableRows(headedBy: "| scenario | family | article |")

    @Test(arguments: Catalog.all.map(\.name))
    func theReadmeRowMatchesTheCatalog(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let cells = try #require(Self.scenarioRows.first { $0.first == "`\(name)`" }, "no README row for \(name)")
        let expected = scenario.expectation.linux
        #expect(cells[1] == scenario.family.rawValue)
        #expect(
            cells[2]
                == (scenario.articles.isEmpty
                    ? scenario.family.originWithoutArticle(platformSpecific: ExpectedOutcome(scenario.expectation).otherPlatform != nil)
                        .rawValue : scenario.articles.map(\.rawValue).joined(separator: ", ")))
        #expect(cells[3].hasPrefix(expected.owner.rawValue))
        #expect(cells[3].contains("helper") == (expected.helper != nil))
        if let helper = expected.helper { #expect(cells[3].hasSuffix("helper \(helper.rawValue)")) }
        #expect(cells[4] == expected.fired.yesNo)
        #expect(cells[5] == expected.afterRelease.rawValue)
    }

    @Test func theReadmeTableListsTheCatalogInOrderAndNothingElse() {
        #expect(Self.scenarioRows.map { $0[0] } == Catalog.all.map { "`\($0.name)`" })
    }
}

/// The Scenarios folder and the catalog name the same scenarios, one file each.
@Suite struct ScenarioFolderTests {
    static let folder = ReadmeTableTests.root.appendingPathComponent("Sources/TimerLab/Scenarios")

    static let fileNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
    }()

    @Test func everyFileIsAScenarioOfTheCatalogAndEveryScenarioHasItsFile() {
        #expect(!Self.fileNames.isEmpty)
        #expect(Self.fileNames == Catalog.all.map(\.name).sorted())
    }

    @Test(arguments: Catalog.all.map(\.name))
    func eachFileDeclaresTheScenarioItIsNamedAfter(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
        #expect(text.contains("name: \"\(name)\""))
    }

    @Test func namesAreUnique() {
        let names = Catalog.all.map(\.name)
        #expect(Set(names).count == names.count)
    }
}

/// The README's Mermaid graph is the renderer's real output, not a drawing that can drift.
@Suite struct ReadmeGraphTests {
    @Test func theMermaidBlockIsWhatExplainPrintsForStrongTargetOnLinux() {
        let block = "```mermaid\n" + MermaidGraph.render(.strongTarget, on: .linux) + "```"
        #expect(ReadmeTableTests.readme.contains(block))
    }

    @Test func nothingDocumentedPointsOutsideTheRepository() {
        #expect(!ReadmeTableTests.readme.contains("shared/"))
        #expect(!ReadmeTableTests.readme.contains("seeds/"))
    }

    @Test func theSourcesSectionCitesEveryArticleByTitle() {
        for article in Article.allCases {
            #expect(ReadmeTableTests.readme.contains(article.title), "\(article.rawValue)")
            #expect(ReadmeTableTests.readme.contains(article.englishTitle), "\(article.rawValue)")
        }
    }
}
