import TimerLabHarness

/// Renders an explanation for people: an ASCII diagram of who holds whom, the retaining path and
/// cycle marked, then why, the fix, the article and where Linux differs.
package enum ExplanationText {
    /// The arrows, one per kind of reference; `====>` marks the references that keep the owner alive.
    package static let legend =
        "====> keeps the owner alive   ----> strong   - - > weak   --x-> cut before release   ....> dropped at release"

    /// The full explanation of `scenario` as it stands on `platform`.
    package static func render(_ scenario: Scenario, on platform: Platform = .current) -> String {
        let explanation = scenario.explanation
        let graph = explanation.graph.on(platform)
        let retention = graph.retention()
        let cycle = graph.cycle()
        var text = "\(scenario.name): who holds whom once the owner is released (\(platform.displayName))\n\n"
        text += diagram(graph, keeping: retention?.edges ?? [], cycle: cycle ?? []) + "\n"
        text += "  " + legend + "\n\n"
        switch retention {
        case .rootPath(let path)?:
            text += "  Kept alive by: " + chain(path, in: graph) + "\n"
            if let cycle {
                text += "  Cycle:         " + chain(cycle, in: graph) + "\n"
            }
        case .cycle(let cycle)?:
            text +=
                "  Kept alive by: the cycle " + chain(cycle, in: graph)
                + " (no root reaches the owner, but nothing outside can break the cycle)\n"
        case nil:
            text += "  Kept alive by: nothing: no strong path from a run loop or Foundation, and no strong cycle, reaches the owner\n"
        }
        if let helper = graph.helper {
            text +=
                "  Its helper:    "
                + (graph.retainingPath(to: helper).map { chain($0, in: graph) } ?? "kept by the owner alone: it goes with it") + "\n"
        }
        text += "\n" + paragraph(retention == nil ? "Why it is freed" : "Why it leaks", explanation.why)
        text += paragraph("The fix", explanation.fix)
        text += paragraph("Source", source(scenario))
        text += paragraph("On Linux", linuxDifference(scenario, explanation))
        return text + code(scenario)
    }

    /// The owner's code, its deciding lines marked `▶`, and the `diff` that shows its fix or its leak.
    static func code(_ scenario: Scenario) -> String {
        guard let code = OwnerCode(scenario: scenario.name) else { return "" }
        var text = "  The code (\(code.file); ▶ marks the line that decides):\n\n"
        for line in code.lines {
            let shown = String(format: "%5d", line.number) + (line.decides ? " ▶ " : "   ") + line.text
            text += String(shown.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        for pair in Catalog.pairs(of: scenario.name) {
            let other = pair.leak == scenario.name ? "its fix, \(pair.fix)" : "\(pair.problem.endedByTheFix), \(pair.leak)"
            text +=
                "\n"
                + paragraph(
                    "What changes",
                    "\(pair.diffCommand) shows the lines between this and \(other): \(pair.change)."
                        + (pair.nearest ? " The catalog has no scenario that differs by the fix alone; this is the nearest freed one." : "")
                )
        }
        return text
    }

    /// The articles cited by number, title and origin; or why there is none.
    static func source(_ scenario: Scenario) -> String {
        guard !scenario.articles.isEmpty else {
            switch scenario.family.originWithoutArticle(platformSpecific: scenario.expectation.differsByPlatform) {
            case .linuxFinding: return "Not from the articles: a finding of timerlab's on Linux."
            case .todaysSwift: return "Not from the articles: a leak of Swift code as it is written today."
            case .swiftConcurrency:
                return scenario.family == .mainActor
                    ? "Not from the articles: the articles' view controller as today's Swift has it, isolated to the main actor."
                    : "Not from the articles: the Task loops and async streams that Swift code uses instead of timers today."
            }
        }
        return scenario.articles.map { article in
            let origin = article.origin.map { "; \($0)" } ?? ""
            return "\(article.rawValue) \"\(article.title)\" (\(article.englishTitle)\(origin))."
        }.joined(separator: " ")
    }

    /// Where Linux differs for this scenario: its own note, or what the immortal `Timer` means here.
    static func linuxDifference(_ scenario: Scenario, _ explanation: Explanation) -> String {
        if let note = scenario.linuxNote {
            return note
        }
        if scenario.family == .concurrency {
            return
                """
                Nothing that differs: the concurrency runtime keeps a task until its body returns on every platform. These outcomes \
                were observed on Linux; on Apple platforms the @MainActor plays the part of timerlab's global actor.
                """
        }
        guard explanation.graph.nodes.contains(where: { $0.role == .timer }) else {
            return "Nothing that matters here: no Foundation Timer is involved, and a cancelled DispatchSourceTimer is freed on Linux too."
        }
        return
            """
            Linux Foundation never frees a Timer (it keeps it as its CFRunLoopTimer's context), so the Timer object outlives every \
            run; what it still references when it stops decides the owner's fate, and here that is the same as on Apple platforms.
            """
    }

    static func diagram(_ graph: ReferenceGraph, keeping path: [ReferenceGraph.Edge], cycle: [ReferenceGraph.Edge]) -> String {
        let rows = graph.edges.map { edge -> (String, String, String) in
            let from = graph.node(edge.from)?.label ?? edge.from
            let to = graph.node(edge.to)?.label ?? edge.to
            let onPath = path.contains(edge)
            let arrow: String
            switch edge.kind {
            case .strong: arrow = onPath ? "====>" : "---->"
            case .weak: arrow = "- - >"
            case .cut: arrow = "--x->"
            case .released: arrow = "....>"
            }
            let mark = onPath ? "   <- keeps the owner alive" : cycle.contains(edge) ? "   <- closes the cycle" : ""
            return ("\(from) \(arrow) \(to)", edge.label, mark)
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + WordWrap.padded($0.0, to: width + 3) + $0.1 + $0.2 }
            .joined(separator: "\n") + "\n"
    }

    static func chain(_ edges: [ReferenceGraph.Edge], in graph: ReferenceGraph) -> String {
        guard let first = edges.first else { return "" }
        let labels = [first.from] + edges.map(\.to)
        return labels.map { graph.node($0)?.label ?? $0 }.joined(separator: " -> ")
    }

    private static func paragraph(_ title: String, _ body: String) -> String {
        "\(title)\n" + WordWrap.lines(body, width: 96).map { "  " + $0 }.joined(separator: "\n") + "\n\n"
    }
}
