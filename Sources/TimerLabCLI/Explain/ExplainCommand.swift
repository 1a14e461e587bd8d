import TimerLab
import TimerLabHarness

/// `timerlab explain <scenario>`: the reference graph, why the owner leaks or not, and the fix.
enum ExplainCommand {
    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        guard let name = parsed.positionals.first else {
            throw UsageError(message: "missing scenario; name one (see 'timerlab list')", command: .explain)
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(
                message: "explain takes one scenario, but got \(parsed.positionals.count)", command: .explain)
        }
        let scenario = try ScenarioSelection.scenario(named: name, in: invocation.catalog, command: .explain)
        switch ExplainFormat(parsed) {
        case .json: try io.writeOut(GraphJSON.render(scenario))
        case .dot: try io.writeOut(DOTGraph.render(scenario))
        case .mermaid: try io.writeOut(MermaidGraph.render(scenario))
        case .text: try io.writeOut(ExplanationText.render(scenario))
        }
        return .success
    }
}
