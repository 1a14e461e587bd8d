import TimerLab
import TimerLabHarness

/// `timerlab explain <scenario>`: the reference graph, why the owner leaks or not, and the fix.
enum ExplainCommand: Subcommand {
    static let spec = CommandSpec(
        name: .explain, abstract: "Show who holds whom in a scenario, why it leaks or not, and the fix.",
        overview: """
            Draws a scenario's reference graph (run loop, timer, intermediate, closure, owner), marks \
            the path or cycle that keeps the owner alive, and explains the leak, the fix and the article.
            """,
        arguments: CommandSpec.Arguments("<scenario>", arity: .one, of: .scenarios, help: "A scenario name, as 'timerlab list' prints it."),
        options: ExplainOptions.declared,
        examples: ["timerlab explain gcd-strong", "timerlab explain strong-target --format dot | dot -Tsvg > graph.svg"])

    static func run(_ options: ExplainOptions, _ invocation: Invocation) throws -> ExitStatus {
        let (scenario, io) = (options.scenario, invocation.io)
        switch options.format {
        case .json: try io.writeOut(GraphJSON.render(scenario))
        case .dot: try io.writeOut(DOTGraph.render(scenario))
        case .mermaid: try io.writeOut(MermaidGraph.render(scenario))
        case .text: try io.writeOut(ExplanationText.render(scenario))
        }
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab explain`.
    static let explain = Self(rawValue: "explain")
}
