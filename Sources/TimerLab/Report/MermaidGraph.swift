/// Renders a reference graph as a Mermaid `graph LR` block, for Markdown viewers that draw Mermaid.
///
/// Strong edges are `-->`, the path that keeps the owner alive `==>` in red, weak edges `-.->`,
/// cut edges `--x`, and the caller's released reference dotted.
public enum MermaidGraph {
    /// The `graph LR` definition for `scenario` on `platform` (without the Markdown fence).
    public static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        guard let explanation = scenario.explanation else {
            return "graph LR\n  owner[\"owner\"]\n"
        }
        let graph = explanation.graph.on(platform)
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
            let label: String
            let arrow: String
            switch edge.kind {
            case .strong where path.contains(edge):
                arrow = "==>"
                label = edge.label
                highlighted.append(index)
            case .strong:
                arrow = "-->"
                label = edge.label
            case .weak:
                arrow = "-.->"
                label = "weak: " + edge.label
            case .cut:
                arrow = "--x"
                label = "cut: " + edge.label
            case .released:
                arrow = "-.->"
                label = "released: " + edge.label
            }
            lines.append("  \(edge.from) \(arrow)|\(quoted(label))| \(edge.to)")
        }
        if !highlighted.isEmpty {
            lines.append("  linkStyle \(highlighted.map(String.init).joined(separator: ",")) stroke:#d62728,stroke-width:3px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid string: double quotes inside become `#quot;`.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }
}
