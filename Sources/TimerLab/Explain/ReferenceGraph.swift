import TimerLabHarness

/// Who holds whom once the owner is released: a scenario's references as data.
///
/// The graph is a model; the harness's observation is the fact. The test suite holds them to each
/// other, and backs every kind of edge from a root with a mechanism test that observes it.
package struct ReferenceGraph: Sendable, Equatable {
    /// The objects.
    package let nodes: [Node]
    /// The references between them.
    package let edges: [Edge]

    /// A graph of `nodes` and `edges`; the caller's reference to the owner, dropped at release, is added.
    package init(nodes: [Node], edges: [Edge]) {
        self.nodes = [.caller] + nodes
        self.edges =
            [Edge(from: .caller, to: .owner, kind: .released, label: "the only outside reference, dropped at release")]
            + edges
    }

    private init(allNodes: [Node], allEdges: [Edge]) {
        self.nodes = allNodes
        self.edges = allEdges
    }

    /// The graph as it stands on `platform`: on Linux, Foundation itself keeps every `Timer` alive.
    package func on(_ platform: Platform) -> ReferenceGraph {
        let timers = nodes.filter { $0.role == .timer }
        guard platform == .linux, !timers.isEmpty else { return self }
        let retention = timers.map {
            Edge(from: .linuxFoundation, to: $0, kind: .strong, label: "CFRunLoopTimer context, never released")
        }
        return ReferenceGraph(allNodes: nodes + [.linuxFoundation], allEdges: edges + retention)
    }

    /// The node with `id`.
    package func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }

    /// What keeps the owner alive under reference counting, or `nil` if nothing does.
    ///
    /// The owner leaks if a root reaches it by strong references, or if it lies on, or is reached
    /// from, a cycle of strong references: nothing outside can ever break such a cycle.
    package func retention() -> Retention? {
        if let path = retainingPath() {
            return .rootPath(path)
        }
        return cycle().map(Retention.cycle)
    }

    /// Whether the model says the owner outlives its release.
    package var keepsOwnerAlive: Bool { retention() != nil }

    /// The helper the owner makes, if the graph has one.
    package var helper: Node? { node(Node.poller.id) }

    /// The shortest chain of strong references from a root to `node` (by default the owner), or
    /// `nil` if there is none: for a helper, what keeps it once the owner is gone.
    package func retainingPath(to node: Node = .owner) -> [Edge]? {
        let roots = nodes.filter { $0.role == .root }.map(\.id)
        return shortestStrongPath(from: roots, to: node.id)
    }

    /// A strong cycle that keeps the owner alive: the shortest through the owner, or else the shortest
    /// cycle from which strong references reach it (then followed by that path). `nil` if there is none.
    package func cycle() -> [Edge]? {
        let throughOwner = cycle(through: Node.owner.id)
        if let throughOwner {
            return throughOwner
        }
        return nodes.lazy.compactMap { node -> [Edge]? in
            guard let loop = self.cycle(through: node.id),
                let tail = self.shortestStrongPath(from: [node.id], to: Node.owner.id)
            else { return nil }
            return loop + tail
        }.min { $0.count < $1.count }
    }

    private func cycle(through id: String) -> [Edge]? {
        edges.filter { $0.from == id && $0.kind == .strong }.compactMap { first in
            shortestStrongPath(from: [first.to], to: id).map { [first] + $0 }
        }.min { $0.count < $1.count }
    }

    private func shortestStrongPath(from starts: [String], to goal: String) -> [Edge]? {
        var reachedBy: [String: Edge] = [:]
        var visited = Set(starts)
        var frontier = starts
        while !frontier.isEmpty {
            var next: [String] = []
            for id in frontier {
                if id == goal {
                    var path: [Edge] = []
                    var current = id
                    while let edge = reachedBy[current] {
                        path.insert(edge, at: 0)
                        current = edge.from
                    }
                    return path
                }
                for edge in edges where edge.from == id && edge.kind == .strong && !visited.contains(edge.to) {
                    visited.insert(edge.to)
                    reachedBy[edge.to] = edge
                    next.append(edge.to)
                }
            }
            frontier = next
        }
        return nil
    }

    /// What keeps an owner alive.
    package enum Retention: Sendable, Equatable {
        /// Strong references from a root (a run loop, Linux Foundation) reach the owner.
        case rootPath([Edge])
        /// No root reaches it, but it lies on (or hangs off) a strong cycle nothing can break.
        case cycle([Edge])

        /// The edges to highlight.
        package var edges: [Edge] {
            switch self {
            case .rootPath(let edges), .cycle(let edges): return edges
            }
        }
    }
}
