import Foundation
import FoundationXML
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The events of a run, recorded as they happen, and the timeline drawn from them.
@Suite struct TimelineTests {
    @Test func aLeakedOwnersTimerGoesOnTickingAfterReleaseAndItsDeinitWaitsForTheCleanUp() async throws {
        let observation = try await observe(.strongTarget, settings: .defaults)
        let kinds = observation.events.map(\.event)
        let release = try #require(kinds.firstIndex(of: .release))
        let graceEnd = try #require(kinds.firstIndex(of: .graceEnd))
        #expect(kinds[..<release].filter { $0 == .tick }.count == observation.ticksBeforeRelease)
        #expect(kinds[release..<graceEnd].contains(.zombieTick))
        #expect(!kinds[..<graceEnd].contains(.ownerDeinit))
        let harnessStop = try #require(observation.events.firstIndex { $0.event == .stop && $0.by == .harness })
        #expect(harnessStop > graceEnd)
        #expect(observation.events.map(\.ms) == observation.events.map(\.ms).sorted())
    }

    @Test func aFreedGCDOwnersDeinitCancelsTheSourceAndNothingTicksAfter() async throws {
        let observation = try await observe(.gcd, settings: .defaults)
        let kinds = observation.events.map(\.event)
        let release = try #require(kinds.firstIndex(of: .release))
        #expect(kinds[release...].contains(.ownerDeinit))
        #expect(observation.events[release...].contains { $0.event == .stop && $0.by == .owner })
        #expect(!kinds.contains(.zombieTick))
    }

    @Test func anIntermediateThatStopsTheTimerIsCreditedWithIt() async throws {
        let observation = try await observe(.tempTarget, settings: .defaults)
        #expect(observation.events.contains { $0.event == .stop && $0.by == .intermediate })
        #expect(observation.events.contains { $0.event == .intermediateFreed })
        let oneShot = try await observe(.oneShot, settings: .defaults)
        #expect(oneShot.events.contains { $0.event == .stop && $0.by == .timer })
    }

    @Test func eventLinesAreOneJSONObjectPerEventInTimeOrder() async throws {
        let observations = [try await observe(.gcdStrong, settings: .defaults)]
        let lines = EventLines.render(observations).split(separator: "\n")
        #expect(lines.count == observations[0].events.count)
        let decoded = try lines.map { try JSONDecoder().decode(EventLines.Line.self, from: Data($0.utf8)) }
        #expect(decoded.allSatisfy { $0.scenario == "gcd-strong" })
        #expect(decoded.map(\.ms) == decoded.map(\.ms).sorted())
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["scenario", "ms", "event", "by"])
        }
    }

    @Test func theSVGHasALanePerScenarioAndAMarkPerEvent() async throws {
        let scenarios = [Scenario.strongTarget, .gcd, .tempTarget, .noRunLoop]
        var observations: [ScenarioObservation] = []
        for scenario in scenarios {
            observations.append(try await observe(scenario, settings: .defaults))
        }
        let document = try XMLDocument(data: Data(TimelineSVG.render(observations).utf8))
        let lanes = try document.nodes(forXPath: "//*[local-name()='g'][@class='lane']").compactMap { $0 as? XMLElement }
        // Attributes are read through XPath: FoundationXML's attribute(forName:) misses them under
        // the SVG default namespace.
        func attribute(_ element: XMLElement, _ path: String) -> String? {
            (try? element.nodes(forXPath: path).first)??.stringValue
        }
        #expect(lanes.map { attribute($0, "@data-scenario") } == scenarios.map(\.name))
        for (lane, observation) in zip(lanes, observations) {
            #expect(attribute(lane, "@data-owner") == observation.owner.rawValue)
            func marks(_ kind: String) throws -> Int {
                try lane.nodes(forXPath: ".//*[@class='\(kind)']").count
            }
            func events(_ kind: RunEvent.Kind) -> Int { observation.events.filter { $0.event == kind }.count }
            #expect(try marks("tick") == events(.tick), "\(observation.scenario)")
            let graceEnd = observation.events.first { $0.event == .graceEnd }?.ms ?? .infinity
            let zombiesInGrace = observation.events.filter { $0.event == .zombieTick && $0.ms <= graceEnd }.count
            #expect(try marks("zombie-tick") == zombiesInGrace, "\(observation.scenario)")
            #expect(try marks("deinit") == events(.ownerDeinit), "\(observation.scenario)")
            #expect(try marks("stop") == events(.stop), "\(observation.scenario)")
            #expect(try marks("verdict") == 1)
        }
        // A leaked lane differs from a freed one by its pattern, not by colour alone.
        let fills = lanes.compactMap { attribute($0, "./*[local-name()='rect'][1]/@fill") }
        #expect(fills.count == observations.count)
        for (fill, observation) in zip(fills, observations) {
            #expect(fill.hasPrefix("url(#") == (observation.owner == .leaked), "\(observation.scenario): \(fill)")
        }
        #expect(Set(fills.filter { $0.hasPrefix("url(#") }).count <= 1, "one pattern for every leaked lane")
    }

    /// Two stops by the harness a few milliseconds apart (a task and its stream's source, on a
    /// loaded machine): both marks are drawn, one label, never two on top of each other.
    @Test func stopsCloseTogetherShareOneLabel() throws {
        var observation = SampleObservations.observation("two-stops", owner: .leaked, expectedOwner: .leaked)
        observation.evidence.events = [
            RunEvent(ms: 10, event: .tick), RunEvent(ms: 20, event: .tick), RunEvent(ms: 30, event: .tick),
            RunEvent(ms: 30.1, event: .release), RunEvent(ms: 50, event: .graceEnd),
            RunEvent(ms: 51, event: .stop, by: .harness), RunEvent(ms: 57, event: .stop, by: .harness),
        ]
        let svg = TimelineSVG.render([observation])
        #expect(svg.components(separatedBy: "class=\"stop\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "class=\"stop-label\"").count - 1 == 1)
    }
}
