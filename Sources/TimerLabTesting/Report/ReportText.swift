/// The lines of a report: a verdict line, then one labelled fact per line.
struct ReportText {
    let report: LifetimeReport

    var lines: [String] {
        var lines = ["\(report.typeName): \(report.verdict.name.uppercased())"]
        lines += rows("found", report.found.map { "\($0.path) (\($0.label)): \($0.state)" })
        if report.found.contains(where: { $0.timer?.repeats == true }) {
            lines.append(row("timer ticks", "\(report.timerTicksBeforeRelease) before release, \(report.timerTicksAfterRelease) after it"))
        }
        if let observed {
            lines.append(row("observed", observed))
        }
        if let caution = report.caution {
            lines.append(row("caution", caution))
        }
        guard report.verdict == .leaked else { return lines }
        lines.append(row("culprit", culprit))
        lines += rows("candidates", report.candidates.map(candidate))
        lines.append(row("fix", report.fix ?? ""))
        return lines
    }

    private func row(_ label: String, _ text: String) -> String {
        "  " + label.padding(toLength: 15, withPad: " ", startingAt: 0) + text
    }

    /// The first line labelled, the rest under it.
    private func rows(_ label: String, _ texts: [String]) -> [String] {
        guard let first = texts.first else { return [] }
        return [row(label, first)] + texts.dropFirst().map { row("", $0) }
    }

    /// What was seen besides the stored holders, when that is the news.
    private var observed: String? {
        if !report.sawSomethingRunning {
            let fate = report.freed ? "freed" : "not freed"
            return "\(fate); no Timer, DispatchSourceTimer, Task, DispatchWorkItem or NotificationCenter observer was seen running "
                + "(none in its stored properties, and start scheduled no timer on the run loop the check ran)"
                + (report.freed ? ", so this check proves nothing about timers" : "")
        }
        guard report.unstoredTimer else { return nil }
        return report.verdict == .leaked
            ? "start scheduled a timer on the run loop the check ran, and no property holds it: an unstored Timer whose block captures self is the likely holder"
                + (report.blockTimersImmortal
                    ? " (on Linux Foundation keeps every block Timer, one-shot or repeating, and what its block captures)" : "")
            : "start scheduled a timer on the run loop the check ran (not stored in a property)"
    }

    private var culprit: String {
        if let culprit = report.culprit {
            let suspended = culprit.wasSuspended == true ? " (it was suspended: the check resumed it so the cancel took effect)" : ""
            let before = report.stopsTried.prefix { $0 != culprit.path }.map { "`\($0)`" }
            let after = before.isEmpty ? "" : ", after stopping \(before.joined(separator: ", ")) freed nothing"
            return "\(culprit.kind.stopVerb) `\(culprit.path)` (\(culprit.kind.name)) freed it\(suspended)\(after)"
        }
        if report.heldFromOutside {
            return "none: held from outside its stored properties (no holder it stores was going, and no unstored timer explains it)"
        }
        if report.unstoredTimer {
            return "not named: nothing stored to stop"
        }
        return report.stopsTried.isEmpty
            ? "none: nothing it stores was still going to stop"
            : "none: no stop freed it (tried, in order: \(report.stopsTried.map { "`\($0)`" }.joined(separator: ", ")))"
    }

    private func candidate(_ find: Finding) -> String {
        let stopped = report.stopsTried.contains(find.path) ? "\(find.kind.stopVerb) it freed nothing" : "\(find.state), so not stopped"
        return "`\(find.path)` (\(find.kind.name)): \(stopped)"
            + (Self.why(find, immortalTimers: report.blockTimersImmortal).map { "; \($0)" } ?? "")
    }

    /// Why stopping this kind may free nothing, where that is known.
    private static func why(_ find: Finding, immortalTimers: Bool) -> String? {
        switch find.kind {
        case .timer where immortalTimers:
            return "a block Timer's closure is never released on Linux, even after invalidate() or a one-shot's fire"
        case .workItem:
            return "a work item keeps its block until the work item itself is freed, so cancel() releases nothing it captured"
        default:
            return nil
        }
    }
}
