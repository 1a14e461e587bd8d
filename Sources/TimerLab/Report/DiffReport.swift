import Foundation
import TimerLabHarness

/// Renders `timerlab diff`: two scenarios' observed outcomes, and the lines of their owners' code
/// that differ, as text or JSON.
package enum DiffReport {
    /// What `diff --format json` prints.
    package struct Document: Sendable, Equatable, Codable {
        /// Each side: the scenario, its file, what was observed in this run.
        package struct Side: Sendable, Equatable, Codable {
            package var scenario: String
            package var file: String
            package var owner: OwnerFate
            package var fired: Bool
            package var afterRelease: TimerState
            /// The helper's fate, where the owner made one; `null` where it did not.
            @Nullable package var helper: OwnerFate?
            package var asExpected: Bool
        }

        package var first: Side
        package var second: Side
        package var hunks: [[CodeDiff.Line]]
    }

    /// The document for two observations and their owners' code.
    package static func document(_ first: ScenarioObservation, _ a: OwnerCode, _ second: ScenarioObservation, _ b: OwnerCode) -> Document {
        func side(_ observation: ScenarioObservation, _ code: OwnerCode) -> Document.Side {
            Document.Side(
                scenario: observation.scenario, file: code.file, owner: observation.owner, fired: observation.fired,
                afterRelease: observation.afterRelease, helper: observation.helper, asExpected: observation.asExpected)
        }
        return Document(first: side(first, a), second: side(second, b), hunks: CodeDiff(a, b).hunks)
    }

    /// The diff for people: each outcome, then each hunk, `-` the first's lines, `+` the second's,
    /// `▶` a line that decides its scenario's outcome.
    package static func text(_ document: Document, style: TextStyle = .plain) -> String {
        let width = max(document.first.scenario.count, document.second.scenario.count) + 2
        func outcome(_ side: Document.Side) -> String {
            let verdict = side.owner == .leaked ? style.red("LEAKED") : style.green("FREED ")
            let observed = Outcome(owner: side.owner, fired: side.fired, afterRelease: side.afterRelease, helper: side.helper)
            return WordWrap.padded(side.scenario, to: width) + verdict
                + "  observed in this run: \(observed.ownerWords) after release\(observed.helperWords)"
        }
        var text = outcome(document.first) + "\n" + outcome(document.second) + "\n\n"
        text += "--- \(document.first.scenario) (\(document.first.file))\n+++ \(document.second.scenario) (\(document.second.file))\n"
        for hunk in document.hunks {
            text += CodeDiff.header(hunk) + "\n"
            for line in hunk {
                let shown = line.op + (line.decides ? "▶" : " ") + line.text
                text += String(shown.reversed().drop { $0 == " " }.reversed()) + "\n"
            }
        }
        return text
    }
}
