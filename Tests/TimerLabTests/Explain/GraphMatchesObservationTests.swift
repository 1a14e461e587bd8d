import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The graph is a model, the observation the fact: they must agree for every scenario.
@Suite(.serialized) struct GraphMatchesObservationTests {
    @Test(arguments: Catalog.all.map(\.name))
    func theGraphKeepsTheOwnerAliveExactlyWhenItIsObservedLeaked(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let explanation = scenario.explanation
        let graph = explanation.graph.on(.current)
        let observation = try await observe(scenario, settings: .defaults)
        let modelled: OwnerFate = graph.keepsOwnerAlive ? .leaked : .freed
        #expect(observation.outcome.owner == modelled, "graph says \(modelled), run observed \(observation.outcome.owner)")
    }

    @Test(arguments: Catalog.all.filter { $0.explanation.graph.helper != nil }.map(\.name))
    func theGraphKeepsTheHelperAliveExactlyWhenItIsObservedLeaked(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let graph = scenario.explanation.graph.on(.current)
        let helper = try #require(graph.helper)
        let observation = try await observe(scenario, settings: .defaults)
        let modelled: OwnerFate = graph.retainingPath(to: helper) != nil ? .leaked : .freed
        #expect(
            observation.outcome.helper == modelled, "graph says \(modelled), run observed \(String(describing: observation.outcome.helper))"
        )
    }

    /// A graph draws a helper exactly where the scenario expects one's fate.
    @Test(arguments: Catalog.all.map(\.name))
    func aHelperIsDrawnExactlyWhereItsFateIsExpected(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        #expect((scenario.explanation.graph.helper != nil) == (scenario.expectation.linux.helper != nil))
        #expect((scenario.expectation.linux.helper != nil) == (scenario.expectation.apple.helper != nil))
    }

    @Test(arguments: Catalog.all.map(\.name))
    func eachPlatformsGraphAgreesWithThatPlatformsExpectation(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let graph = scenario.explanation.graph
        #expect((graph.on(.linux).keepsOwnerAlive ? OwnerFate.leaked : .freed) == scenario.expectation.linux.owner)
        #expect((graph.on(.apple).keepsOwnerAlive ? OwnerFate.leaked : .freed) == scenario.expectation.apple.owner)
    }

    @Test(arguments: Catalog.all.map(\.name))
    func everyEdgeJoinsDeclaredNodes(_ name: String) throws {
        let graph = try #require(Catalog.scenario(named: name)?.explanation).graph.on(.linux)
        let ids = Set(graph.nodes.map(\.id))
        #expect(ids.count == graph.nodes.count, "duplicate node ids")
        for edge in graph.edges {
            #expect(ids.contains(edge.from) && ids.contains(edge.to), "\(edge.from) -> \(edge.to)")
        }
        #expect(ids.contains(ReferenceGraph.Node.owner.id))
    }
}
