import TimerLabHarness

/// Renders a reference graph as data for other tools: nodes, edges, and what keeps the owner alive.
package enum GraphJSON {
    /// The document `explain --format json` prints.
    package struct Document: Codable, Sendable, Equatable {
        package var scenario: String
        /// The platform the graph stands on (on Linux, Foundation's edges to every Timer are added).
        package var platform: Platform
        /// What the model predicts for the owner: `leaked` if anything keeps it alive.
        package var owner: OwnerFate
        /// `root-path`, `cycle`, or `null` when nothing keeps the owner alive.
        @Nullable package var keptAliveBy: Reason?
        package var nodes: [ReferenceGraph.Node]
        package var edges: [ReferenceGraph.Edge]
        /// The shortest chain of strong edges from a root to the owner; `null` if there is none.
        @Nullable package var retainingPath: [ReferenceGraph.Edge]?
        /// A strong cycle the owner lies on or hangs off; `null` if there is none.
        @Nullable package var cycle: [ReferenceGraph.Edge]?
        /// What the model predicts for the helper the owner makes; `null` where it makes none.
        @Nullable package var helper: OwnerFate?
        /// The shortest chain of strong edges from a root to that helper; `null` if there is none.
        @Nullable package var helperRetainingPath: [ReferenceGraph.Edge]?
        /// Why the owner leaks or is freed.
        package var why: String
        /// The fix.
        package var fix: String
        /// The leak-and-fix pairs the scenario is part of, with what changes and the `diff` command.
        package var pairs: [FixPair]
    }

    /// Why the model keeps the owner alive.
    package enum Reason: String, Sendable, Codable {
        case rootPath = "root-path"
        case cycle
    }

    /// The document for `scenario` on `platform`.
    package static func document(_ scenario: Scenario, on platform: Platform = .current) -> Document {
        let graph = scenario.explanation.graph.on(platform)
        let retention = graph.retention()
        let reason: Reason? =
            switch retention {
            case .rootPath?: .rootPath
            case .cycle?: .cycle
            case nil: nil
            }
        let helperPath = graph.helper.map { graph.retainingPath(to: $0) }
        return Document(
            scenario: scenario.name, platform: platform, owner: retention == nil ? .freed : .leaked,
            keptAliveBy: reason, nodes: graph.nodes, edges: graph.edges, retainingPath: graph.retainingPath(),
            cycle: graph.cycle(), helper: helperPath.map { $0 == nil ? .freed : .leaked }, helperRetainingPath: helperPath ?? nil,
            why: scenario.explanation.why, fix: scenario.explanation.fix,
            pairs: Catalog.pairs(of: scenario.name))
    }

    /// The document for `scenario`, pretty-printed.
    package static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        JSONReport.encode(document(scenario, on: platform))
    }
}
