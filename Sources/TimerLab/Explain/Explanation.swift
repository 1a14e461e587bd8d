import TimerLabHarness

/// Why a scenario's owner leaks or is freed: its reference graph, the reason, and the article's fix.
package struct Explanation: Sendable, Equatable {
    /// Who holds whom once the owner is released (before Linux's own additions).
    package let graph: ReferenceGraph
    /// Why the owner leaks, or why it is freed, in a few sentences.
    package let why: String
    /// The fix the articles give, or why none is needed.
    package let fix: String

    /// Creates an explanation.
    package init(graph: ReferenceGraph, why: String, fix: String) {
        self.graph = graph
        self.why = why
        self.fix = fix
    }
}
