import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab
@testable import TimerLabCLI

/// `explain`: text, DOT or Mermaid, run in-process.
@Suite struct ExplainCommandTests {
    @Test func explainPrintsTextDotOrMermaid() async {
        let text = await runCommand(["explain", "strong-target"])
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("strong-target: who holds whom once the owner is released"))
        let dot = await runCommand(["explain", "gcd", "--format", "dot"])
        #expect(dot.out.hasPrefix("digraph \"gcd\" {"))
        let mermaid = await runCommand(["explain", "gcd", "--format", "mermaid"])
        #expect(mermaid.out.hasPrefix("graph LR"))
    }
}
