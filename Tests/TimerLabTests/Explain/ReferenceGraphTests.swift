import Testing
import TimerLabHarness

@testable import TimerLab

/// The graph analysis: retaining paths, cycles, cut edges and Linux's immortal timers.
@Suite struct ReferenceGraphTests {
    typealias Node = ReferenceGraph.Node

    @Test func strongTargetIsKeptAliveByTheRunLoopThroughItsTimerInACycle() throws {
        let graph = Scenario.strongTarget.explanation.graph.on(.linux)
        let path = try #require(graph.retainingPath())
        #expect(path.map(\.from) == [Node.runLoop.id, Node.timer.id])
        #expect(path.last?.to == Node.owner.id)
        let cycle = try #require(graph.cycle())
        #expect(cycle.map(\.from) == [Node.owner.id, Node.timer.id])
    }

    @Test func weakAndCutEdgesDoNotRetain() {
        let graph = ReferenceGraph(
            nodes: [.runLoop, .timer, .proxy, .owner],
            edges: [.strong(.runLoop, .timer, "scheduled"), .strong(.timer, .proxy, "target"), .weak(.proxy, .owner, "weak")])
        #expect(graph.retainingPath() == nil)
        let cut = ReferenceGraph(
            nodes: [.runLoop, .timer, .owner],
            edges: [.strong(.runLoop, .timer, "scheduled"), .cut(.timer, .owner, "target released")])
        #expect(cut.retainingPath() == nil)
    }

    @Test func theCallersReferenceNeverCounts() {
        let graph = ReferenceGraph(nodes: [.owner], edges: [])
        #expect(graph.edges.count == 1)
        #expect(graph.edges[0].kind == .released)
        #expect(graph.retainingPath() == nil)
    }

    @Test func onLinuxFoundationHoldsEveryTimerAndNothingElse() throws {
        let timerGraph = Scenario.blockInvalidated.explanation.graph
        #expect(timerGraph.on(.apple).retainingPath() == nil)
        let linuxPath = try #require(timerGraph.on(.linux).retainingPath())
        #expect(linuxPath.first?.from == Node.linuxFoundation.id)
        let gcdGraph = Scenario.gcd.explanation.graph
        #expect(gcdGraph.on(.linux) == gcdGraph)
    }

    @Test func aStrongCycleWithNoRootKeepsTheOwnerAliveAndIsTheReason() throws {
        let graph = Scenario.gcdStrong.explanation.graph.on(.linux)
        #expect(graph.retainingPath() == nil)
        #expect(graph.keepsOwnerAlive)
        guard case .cycle(let cycle)? = graph.retention() else {
            Issue.record("gcd-strong is not kept alive by its cycle")
            return
        }
        #expect(cycle.map(\.from) == [Node.owner.id, Node.source.id, Node.handler.id])
        #expect(cycle.last?.to == Node.owner.id)
        #expect(!graph.nodes.contains { $0.role == .root })
    }

    @Test func anOwnerHangingOffACycleLeaksToo() {
        let graph = ReferenceGraph(
            nodes: [.source, .handler, .owner],
            edges: [
                .strong(.source, .handler, "handler"), .strong(.handler, .source, "captures the source"),
                .strong(.handler, .owner, "captures self"),
            ])
        #expect(graph.keepsOwnerAlive)
        #expect(graph.cycle()?.last?.to == Node.owner.id)
    }

    @Test func breakingTheCycleFreesTheOwner() {
        let weakHandler = ReferenceGraph(
            nodes: [.source, .handler, .owner],
            edges: [
                .strong(.owner, .source, "timer property"), .strong(.source, .handler, "handler"),
                .weak(.handler, .owner, "[weak self]"),
            ])
        #expect(!weakHandler.keepsOwnerAlive)
        #expect(weakHandler.retention() == nil)
    }
}
