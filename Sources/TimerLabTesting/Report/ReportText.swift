/// The lines of a report: a verdict line, then one labelled fact per line.
struct ReportText {
    let report: LifetimeReport

    var lines: [String] {
        var lines = ["\(report.typeName): \(report.verdict.name.uppercased())"]
        if report.verdict == .nothingRan {
            lines.append(
                row(
                    "nothing ran",
                    "no Timer, DispatchSourceTimer or Task in its stored properties, and no timer scheduled by start; no verdict (did start start anything?)"
                ))
            return lines
        }
        lines += foundRows
        if report.found.contains(where: { $0.kind == .timer }) {
            lines.append(row("timer fires", "\(report.timerFiresBeforeRelease) before release, \(report.timerFiresAfterRelease) after it"))
        }
        if report.found.isEmpty {
            lines.append(row("observed", unstoredObservation))
        }
        if report.verdict == .leaked {
            lines.append(row("culprit", culprit))
            lines.append(row("fix", report.fix ?? ""))
        }
        return lines
    }

    private func row(_ label: String, _ text: String) -> String {
        "  " + label.padding(toLength: 15, withPad: " ", startingAt: 0) + text
    }

    private var foundRows: [String] {
        guard let first = report.found.first else {
            return [row("found", "nothing in its stored properties (no Timer, DispatchSourceTimer or Task)")]
        }
        let describe = { (find: Finding) -> String in "\(find.path) (\(find.kind.name)): \(find.stateAfterRelease)" }
        return [row("found", describe(first))] + report.found.dropFirst().map { row("", describe($0)) }
    }

    private var unstoredObservation: String {
        if report.timerScheduledByStart {
            return report.verdict == .leaked
                ? "start scheduled a timer on the run loop the check ran, and no property holds it: an unstored repeating Timer whose block captures self is the likely holder"
                : "start scheduled a timer on the run loop the check ran (not stored in a property)"
        }
        return
            "start scheduled no timer on the run loop the check ran: a Task or dispatch source begun in start and not stored is the likely holder (a Task keeps its closure, and what it captures, until its body returns)"
    }

    private var culprit: String {
        if let culprit = report.culprit {
            let suspended = culprit.wasSuspended == true ? " (it was suspended: the check resumed it so the cancel took effect)" : ""
            return "stopping `\(culprit.path)` (\(culprit.kind.name)) freed it\(suspended)"
        }
        if report.found.isEmpty {
            return "not named: nothing stored to stop"
        }
        var sentence =
            report.stopsTried.isEmpty
            ? "nothing found was still going to stop, and it was not freed"
            : "no single stop freed it (tried, in order: \(report.stopsTried.map { "`\($0)`" }.joined(separator: ", ")))"
        if report.blockTimersImmortal, report.found.contains(where: { $0.kind == .timer }) {
            sentence += "; a block Timer's closure is never released on Linux, even after invalidate()"
        }
        return sentence
    }
}
