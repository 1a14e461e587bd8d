/// Renders a reference graph as data for other tools: nodes, edges, and what keeps the owner alive.
public enum GraphJSON {
    /// The document `explain --format json` prints.
    public struct Document: Codable, Sendable, Equatable {
        public var scenario: String
        /// The platform the graph stands on (on Linux, Foundation's edges to every Timer are added).
        public var platform: Platform
        /// What the model predicts for the owner: `leaked` if anything keeps it alive.
        public var owner: OwnerFate
        /// `root-path`, `cycle`, or `null` when nothing keeps the owner alive.
        @Nullable public var keptAliveBy: Reason?
        public var nodes: [ReferenceGraph.Node]
        public var edges: [ReferenceGraph.Edge]
        /// The shortest chain of strong edges from a root to the owner; `null` if there is none.
        @Nullable public var retainingPath: [ReferenceGraph.Edge]?
        /// A strong cycle the owner lies on or hangs off; `null` if there is none.
        @Nullable public var cycle: [ReferenceGraph.Edge]?
    }

    /// Why the model keeps the owner alive.
    public enum Reason: String, Sendable, Codable {
        case rootPath = "root-path"
        case cycle
    }

    /// The document for `scenario` on `platform`.
    public static func document(_ scenario: Scenario, on platform: Platform = .current) -> Document {
        let graph = scenario.explanation.graph.on(platform)
        let retention = graph.retention()
        let reason: Reason? = switch retention {
        case .rootPath?: .rootPath
        case .cycle?: .cycle
        case nil: nil
        }
        return Document(
            scenario: scenario.name, platform: platform, owner: retention == nil ? .freed : .leaked,
            keptAliveBy: reason, nodes: graph.nodes, edges: graph.edges, retainingPath: graph.retainingPath(),
            cycle: graph.cycle())
    }

    /// The document for `scenario`, pretty-printed.
    public static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        JSONReport.encode(document(scenario, on: platform))
    }
}
