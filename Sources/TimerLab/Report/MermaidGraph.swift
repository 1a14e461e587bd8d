import TimerLabHarness

/// Renders a reference graph as a Mermaid `graph LR` block, for Markdown viewers that draw Mermaid.
///
/// Strong edges are `-->`, the path that keeps the owner alive `==>` in red, weak edges `-.->`,
/// cut edges `--x`, and the caller's released reference dotted.
package enum MermaidGraph {
    /// The `graph LR` definition for `scenario` on `platform` (without the Markdown fence).
    package static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        let graph = scenario.explanation.graph.on(platform)
        let path = graph.retention()?.edges ?? []
        var lines = ["graph LR"]
        for node in graph.nodes {
            let label = quoted(node.label)
            switch node.role {
            case .root: lines.append("  \(node.id)([\(label)])")
            case .owner: lines.append("  \(node.id)[[\(label)]]")
            default: lines.append("  \(node.id)[\(label)]")
            }
        }
        var highlighted: [Int] = []
        for (index, edge) in graph.edges.enumerated() {
            let onPath = edge.kind == .strong && path.contains(edge)
            let (arrow, label) = arrowAndLabel(edge, onPath: onPath)
            if onPath { highlighted.append(index) }
            lines.append("  \(edge.from) \(arrow)|\(quoted(label))| \(edge.to)")
        }
        if !highlighted.isEmpty {
            lines.append("  linkStyle \(highlighted.map(String.init).joined(separator: ",")) stroke:#d62728,stroke-width:3px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The arrow an edge is drawn with, and its label with its kind spelled out.
    private static func arrowAndLabel(_ edge: ReferenceGraph.Edge, onPath: Bool) -> (String, String) {
        switch edge.kind {
        case .strong: return (onPath ? "==>" : "-->", edge.label)
        case .weak: return ("-.->", "weak: " + edge.label)
        case .cut: return ("--x", "cut: " + edge.label)
        case .released: return ("-.->", "released: " + edge.label)
        }
    }

    /// A Mermaid string: double quotes inside become `#quot;`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }
}
