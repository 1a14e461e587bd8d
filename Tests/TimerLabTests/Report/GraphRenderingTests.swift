import Foundation
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// The explanation renderers: readable text, DOT that Graphviz accepts, Mermaid that is well formed.
@Suite struct GraphRenderingTests {

    @Test func textShowsThePathTheCycleAndTheFix() {
        let text = ExplanationText.render(.strongTarget, on: .linux)
        #expect(text.contains("run loop ====> Timer"))
        #expect(text.contains("Kept alive by: run loop -> Timer -> owner"))
        #expect(text.contains("Cycle:         owner -> Timer -> owner"))
        #expect(text.contains("Why it leaks"))
        #expect(text.contains("The fix"))
        let article = "000 \"NSTimer内存泄漏、解决及MSWeakTimer\""
        #expect(text.contains(article + " (NSTimer memory leaks, how to fix them, and MSWeakTimer)."))
        #expect(!text.contains("shared/"))
        #expect(text.contains("On Linux"))
        let freed = ExplanationText.render(.proxy, on: .linux)
        #expect(freed.contains("Why it is freed"))
        #expect(freed.contains("Kept alive by: nothing"))
    }

    @Test(.enabled(if: OptionalTool.dot.runs, OptionalTool.dot.skipReason), arguments: Catalog.all.map(\.name))
    func dotRendersWithGraphviz(_ name: String) async throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let dot = DOTGraph.render(scenario)
        let (status, svg) = await Self.runDot(dot, with: try OptionalTool.dot.require())
        #expect(status == 0)
        #expect(svg.contains("<svg"))
    }

    @Test(arguments: Catalog.all.map(\.name))
    func dotAndMermaidDeclareEveryNodeTheyLinkAndHighlightOnlyALeak(_ name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let graph = scenario.explanation.graph.on(.current)
        let dot = DOTGraph.render(scenario)
        let mermaid = MermaidGraph.render(scenario)
        #expect(dot.hasPrefix("digraph \"\(name)\" {"))
        #expect(dot.hasSuffix("}\n"))
        #expect(mermaid.hasPrefix("graph LR\n"))
        for node in graph.nodes {
            #expect(dot.contains("  \(node.id) [label="))
            #expect(mermaid.contains("  \(node.id)"))
        }
        #expect(dot.components(separatedBy: " -> ").count - 1 == graph.edges.count)
        let leaks = graph.keepsOwnerAlive
        #expect(dot.contains("color=red") == leaks)
        #expect(mermaid.contains("linkStyle") == leaks)
        #expect(mermaid.contains("==>") == leaks)
    }

    @Test func labelsAreEscaped() {
        #expect(DOTGraph.quoted("a \"b\" \\ c") == #""a \"b\" \\ c""#)
        #expect(MermaidGraph.quoted("say \"hi\"") == "\"say #quot;hi#quot;\"")
    }

    static func runDot(_ input: String, with dotPath: String) async -> (Int32, String) {
        await withCheckedContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: dotPath)
                process.arguments = ["-Tsvg"]
                let stdin = Pipe()
                let stdout = Pipe()
                process.standardInput = stdin
                process.standardOutput = stdout
                process.standardError = FileHandle.nullDevice
                guard (try? process.run()) != nil else { return continuation.resume(returning: (-1, "")) }
                stdin.fileHandleForWriting.write(Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
                let data = stdout.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }
}
