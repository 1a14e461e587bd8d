import TimerLabHarness

/// Renders a reference graph as Graphviz DOT: strong edges solid, weak dashed, cut and released
/// dotted grey, and the path that keeps the owner alive thick and red.
package enum DOTGraph {
    /// A `digraph` for `scenario` on `platform`, ready for `dot -Tsvg`.
    package static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        let graph = scenario.explanation.graph.on(platform)
        let path = graph.retention()?.edges ?? []
        let verdict = path.isEmpty ? "the owner is freed" : "the owner is kept alive"
        var lines = [
            "digraph \(quoted(scenario.name)) {",
            """
              graph [rankdir=LR, labelloc=t, fontname=\"Helvetica\", \
            label=\(quoted("\(scenario.name) on \(platform.displayName): \(verdict)"))];
            """,
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in graph.nodes {
            var attributes = ["label=\(quoted(node.label))"]
            switch node.role {
            case .root: attributes.append("shape=ellipse")
            case .owner: attributes.append("style=\"rounded,bold\"")
            case .caller: attributes += ["shape=plaintext", "fontcolor=gray40"]
            default: break
            }
            lines.append("  \(node.id) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            var attributes = [
                "label=\(quoted(edge.kind == .strong || edge.kind == .weak ? edge.label : "\(edge.label) (\(edge.kind.rawValue))"))"
            ]
            switch edge.kind {
            case .strong where path.contains(edge): attributes += ["color=red", "fontcolor=red", "penwidth=2.5"]
            case .strong: break
            case .weak: attributes.append("style=dashed")
            case .cut: attributes += ["style=dotted", "color=gray50", "fontcolor=gray40", "arrowhead=tee"]
            case .released: attributes += ["style=dotted", "color=gray50", "fontcolor=gray40"]
            }
            lines.append("  \(edge.from) -> \(edge.to) [\(attributes.joined(separator: ", "))];")
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// A DOT string literal.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
