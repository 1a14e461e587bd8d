import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab

/// `list` fits the terminal it prints to, and gives each scenario's fix as data.
@Suite struct ScenarioListingTests {
    @Test func aPipeGetsTheWholeTableOneScenarioALine() {
        let lines = ScenarioListing.text(Catalog.all).split(separator: "\n")
        #expect(lines.count == Catalog.all.count + 2)
        #expect(lines.contains { $0.count > 80 }, "the table is wider than 80 columns, so the next test means something")
    }

    @Test(arguments: [40, 80, 120])
    func aNarrowTerminalGetsLinesWithinItsWidth(columns: Int) {
        let text = ScenarioListing.text(Catalog.all, fitting: columns)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= columns }, "\(lines.filter { $0.count > columns })")
        for scenario in Catalog.all {
            #expect(lines.contains { $0.hasPrefix(scenario.name + "  ") }, "\(scenario.name)")
            let summaryWords = scenario.summary.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(text.replacingOccurrences(of: "\n    ", with: " ").contains(summaryWords), "\(scenario.name)")
        }
    }

    @Test func eachPairIsDataOnBothOfItsScenarios() throws {
        let entries = ScenarioListing.entries(Catalog.all)
        for pair in Catalog.fixes {
            for name in [pair.leak, pair.fix] {
                let entry = try #require(entries.first { $0.scenario == name }, "\(name)")
                #expect(entry.pairs.contains(pair), "\(name) lacks \(pair)")
            }
            #expect(pair.diffCommand == "timerlab diff \(pair.leak) \(pair.fix)")
            #expect(!pair.change.isEmpty)
        }
        let weakEach = try #require(entries.first { $0.scenario == "task-weak-each" })
        #expect(
            Set(weakEach.pairs.map(\.leak)) == ["task-strong", "task-guard-let", "task-weak-call", "task-cancel-spin", "task-unstored"])
        #expect(entries.allSatisfy { !$0.why.isEmpty && !$0.fix.isEmpty })
    }

    @Test func explainJSONCarriesWhyFixAndPairs() throws {
        let text = GraphJSON.render(.timerUnstored)
        let document = try JSONDecoder().decode(GraphJSON.Document.self, from: Data(text.utf8))
        #expect(document.why == Scenario.timerUnstored.explanation.why)
        #expect(document.pairs.map(\.fix) == ["block-weak"])
        // Nothing of the owner's holds a fire-and-forget timer: no edge leaves the owner.
        #expect(!document.edges.contains { $0.from == ReferenceGraph.Node.owner.id })
    }
}
