import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// Every JSON document timerlab prints decodes back into the typed value it was rendered from.
@Suite struct JSONRoundTripTests {
    @Test(arguments: [Scenario.strongTarget, .gcd, .proxy, .weakTimer, .modeDefault, .blockInvalidated])
    func aLeakResultDecodesToTheObservation(_ scenario: Scenario) async throws {
        let observation = try await observe(scenario, settings: .defaults)
        // Everything on the wire comes back; what a user's-type check adds (the walk's finds, the
        // culprit) is not part of leak's document.
        let decoded = try JSONReport.decode(JSONReport.render([observation]))
        #expect(decoded.map(ObservationRecord.init) == [ObservationRecord(observation)])
        #expect(decoded.map(\.asExpected) == [observation.asExpected])
    }

    @Test func theListDecodesToItsEntries() throws {
        let text = ScenarioListing.json(Catalog.all)
        let decoded = try JSONDecoder().decode(ScenarioListing.Document.self, from: Data(text.utf8))
        #expect(decoded.scenarios == ScenarioListing.entries(Catalog.all))
    }

    @Test(arguments: Catalog.all.map(\.name))
    func theGraphDocumentDecodesToItself(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let document = GraphJSON.document(scenario, on: .linux)
        let text = GraphJSON.render(scenario, on: .linux)
        #expect(try JSONDecoder().decode(GraphJSON.Document.self, from: Data(text.utf8)) == document)
        #expect((document.owner == .leaked) == (document.keptAliveBy != nil))
    }

    @Test func optionalFactsAreWrittenAsNullNotLeftOut() throws {
        let entry = try #require(ScenarioListing.entries([.strongTarget]).first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReport.encode(entry).utf8)) as? [String: Any])
        let expected = try #require(object["expected"] as? [String: Any])
        #expect(expected["otherPlatform"] is NSNull)
        let sources = try #require(object["sources"] as? [[String: Any]])
        #expect(sources.map { $0["id"] as? String } == ["000", "001", "002"])
        #expect(sources.first?["origin"] is NSNull)
    }

    @Test func machineValuesHaveNoSpaces() {
        let values =
            ScenarioFamily.allCases.map(\.rawValue) + Outcome.Fact.allCases.map(\.rawValue)
            + Platform.allCases.map(\.rawValue)
        for value in values {
            #expect(!value.contains(" "), "\(value)")
        }
    }
}
