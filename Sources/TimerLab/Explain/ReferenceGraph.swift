/// Who holds whom once the owner is released: a scenario's references as data.
///
/// The graph is a model; the harness's observation is the fact. The test suite holds them to each
/// other: an owner the graph keeps alive (a strong path from a root) must be observed leaked.
public struct ReferenceGraph: Sendable, Equatable {
    /// The objects.
    public let nodes: [Node]
    /// The references between them.
    public let edges: [Edge]

    /// A graph of `nodes` and `edges`; the caller's reference to the owner, dropped at release, is added.
    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = [.caller] + nodes
        self.edges = [Edge(from: .caller, to: .owner, kind: .released, label: "the only outside reference, dropped at release")]
            + edges
    }

    private init(allNodes: [Node], allEdges: [Edge]) {
        self.nodes = allNodes
        self.edges = allEdges
    }

    /// The graph as it stands on `platform`: on Linux, Foundation itself keeps every `Timer` alive.
    public func on(_ platform: Platform) -> ReferenceGraph {
        let timers = nodes.filter { $0.role == .timer }
        guard platform == .linux, !timers.isEmpty else { return self }
        let retention = timers.map {
            Edge(from: .linuxFoundation, to: $0, kind: .strong, label: "CFRunLoopTimer context, never released")
        }
        return ReferenceGraph(allNodes: nodes + [.linuxFoundation], allEdges: edges + retention)
    }

    /// The node with `id`.
    public func node(_ id: String) -> Node? {
        nodes.first { $0.id == id }
    }

    /// The shortest chain of strong references from a root to the owner, or `nil` if there is none.
    public func retainingPath() -> [Edge]? {
        let roots = nodes.filter { $0.role == .root }.map(\.id)
        return shortestStrongPath(from: roots, to: Node.owner.id)
    }

    /// A chain of strong references from the owner back to itself, or `nil` if there is none.
    public func cycle() -> [Edge]? {
        let outgoing = edges.filter { $0.from == Node.owner.id && $0.kind == .strong }
        return outgoing.compactMap { first in
            shortestStrongPath(from: [first.to], to: Node.owner.id).map { [first] + $0 }
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
}

/// The platform a graph or an expectation is for.
public enum Platform: String, Sendable {
    case linux = "Linux"
    case apple = "Apple platforms"

    /// The platform this binary runs on.
    public static var current: Platform {
        #if os(Linux)
        return .linux
        #else
        return .apple
        #endif
    }

    /// The other one.
    public var other: Platform { self == .linux ? .apple : .linux }
}

extension ReferenceGraph {
    /// An object in the graph.
    public struct Node: Sendable, Equatable, Hashable {
        /// What part an object plays.
        public enum Role: String, Sendable {
            /// Alive regardless of the owner: a run loop, a dispatch queue, Foundation itself.
            case root
            /// A Foundation `Timer` (never freed on Linux).
            case timer
            /// A dispatch source.
            case source
            /// A proxy, temporary target or `WeakTimer` between the timer and the owner.
            case intermediate
            /// A block or handler and what it captures.
            case closure
            /// Any other object, such as the `Timer` class used as a target.
            case object
            /// The owner: the view controller under test.
            case owner
            /// The harness, which releases the owner.
            case caller
        }

        /// A short identifier, used in DOT and Mermaid.
        public let id: String
        /// The name shown to people.
        public let label: String
        /// The part it plays.
        public let role: Role

        /// Creates a node.
        public init(id: String, label: String, role: Role) {
            self.id = id
            self.label = label
            self.role = role
        }

        public static let caller = Node(id: "caller", label: "caller", role: .caller)
        public static let owner = Node(id: "owner", label: "owner", role: .owner)
        public static let runLoop = Node(id: "runloop", label: "run loop", role: .root)
        public static let linuxFoundation = Node(id: "foundation", label: "Linux Foundation", role: .root)
        public static let timer = Node(id: "timer", label: "Timer", role: .timer)
        public static let block = Node(id: "block", label: "block", role: .closure)
        public static let proxy = Node(id: "proxy", label: "WeakProxy", role: .intermediate)
        public static let tempTarget = Node(id: "temptarget", label: "TempTarget", role: .intermediate)
        public static let timerClass = Node(id: "timerclass", label: "Timer class", role: .object)
        public static let queue = Node(id: "queue", label: "dispatch queue", role: .root)
        public static let source = Node(id: "source", label: "DispatchSourceTimer", role: .source)
        public static let handler = Node(id: "handler", label: "event handler", role: .closure)
        public static let weakTimer = Node(id: "weaktimer", label: "WeakTimer", role: .intermediate)
        public static let workerRunLoop = Node(id: "runloop", label: "worker thread's run loop", role: .root)
    }

    /// A reference from one object to another.
    public struct Edge: Sendable, Equatable {
        /// What kind of reference it is once the owner is released.
        public enum Kind: String, Sendable {
            /// Keeps its target alive.
            case strong
            /// Does not.
            case weak
            /// Existed, but was broken before release (invalidated, cancelled, set to nil).
            case cut
            /// The caller's own reference, dropped at release.
            case released
        }

        /// The holder's id.
        public let from: String
        /// The held object's id.
        public let to: String
        /// What kind of reference.
        public let kind: Kind
        /// What the reference is, in the code: `target`, `block captures self`, `timer property`.
        public let label: String

        /// Creates an edge.
        public init(from: Node, to: Node, kind: Kind, label: String) {
            self.from = from.id
            self.to = to.id
            self.kind = kind
            self.label = label
        }

        /// A strong reference.
        public static func strong(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .strong, label: label)
        }

        /// A weak reference.
        public static func weak(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .weak, label: label)
        }

        /// A reference the scenario broke before release.
        public static func cut(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .cut, label: label)
        }
    }
}
