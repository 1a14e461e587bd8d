import TimerLabHarness

/// Renders results for people: a verdict line per scenario, then what was seen and what was expected.
package enum TextReport {
    /// The block for one result.
    package static func render(_ observation: ScenarioObservation, style: TextStyle = .plain) -> String {
        var lines = [verdictLine(observation, style)]
        lines.append(row("owner", width: style.width, ownerText(observation)))
        lines.append(row("fired", width: style.width, firedText(observation)))
        lines.append(row("after release", width: style.width, afterReleaseText(observation)))
        if let helper = helperText(observation) {
            lines.append(row("helper", width: style.width, helper))
        }
        if let culprit = culpritText(observation) {
            lines.append(row("culprit", width: style.width, culprit))
        }
        lines.append(row("lifetimes", width: style.width, lifetimesText(observation)))
        if let timing = timingText(observation) {
            lines.append(row("timing", width: style.width, timing))
        }
        lines.append(row("expected", width: style.width, expectedText(observation, style)))
        if let note = observation.linuxNote {
            lines.append(row("on Linux", width: style.width, note))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func verdictLine(_ observation: ScenarioObservation, _ style: TextStyle) -> String {
        let verdict =
            observation.owner == .leaked
            ? style.red("LEAKED")
            : observation.helper == .leaked ? style.green("FREED") + ", " + style.red("HELPER LEAKED") : style.green("FREED")
        return "\(style.bold(observation.scenario))  \(verdict)  \(style.dim("(\(observation.family.rawValue))"))"
    }

    /// A label and its text, wrapped under the text's column. Colour codes count as text, so a
    /// coloured verdict may wrap a little early, which is harmless.
    private static func row(_ label: String, width: Int, _ text: String) -> String {
        let indent = String(repeating: " ", count: 17)
        return "  " + WordWrap.padded(label, to: 15)
            + WordWrap.lines(text, width: max(20, width - indent.count)).joined(separator: "\n" + indent)
    }

    static func ownerText(_ observation: ScenarioObservation) -> String {
        observation.owner == .freed
            ? "freed: its deinit ran and the weak reference is nil"
            : "leaked: still alive \(graceText(observation)) after release; its deinit never ran"
    }

    /// The helper's fate, for an owner that made one: kept by its own timer, or freed with the owner.
    static func helperText(_ observation: ScenarioObservation) -> String? {
        switch observation.helper {
        case nil: return nil
        case .freed: return "freed: the owner's release freed the helper it made, and the weak reference to it is nil"
        case .leaked:
            return
                """
                leaked: the helper the owner made and alone kept is still alive \(graceText(observation)) after release, kept by \
                what it started, not by the owner
                """
        }
    }

    static func firedText(_ observation: ScenarioObservation) -> String {
        let limit =
            observation.tickTarget < observation.ticks
            ? """
             (this timer can fire only \(observation.tickTarget) time\(observation.tickTarget == 1 ? "" : "s"), so the run waits for \
            \(observation.tickTarget), not \(observation.ticks))
            """
            : ""
        guard observation.fired else {
            return "no: the timer never fired before its deadline\(limit)"
        }
        let before = "\(observation.ticksBeforeRelease) tick\(observation.ticksBeforeRelease == 1 ? "" : "s") before release"
        let driven = observation.helper == .leaked ? "the helper the released owner made" : "the released owner"
        let after =
            observation.ticksAfterRelease > 0
            ? ", \(observation.ticksAfterRelease) more after it (\(driven) is still being driven)"
            : ", none after"
        return "yes: \(before)\(after)\(limit)"
    }

    static func afterReleaseText(_ observation: ScenarioObservation) -> String {
        let object = observation.lifetimes.timer?.kind
        let kind = object?.rawValue ?? "timer"
        if observation.afterRelease == .stopped {
            return "stopped: the \(kind) is no longer scheduled"
        }
        let served = observation.helper == nil ? "it served" : "whose helper it serves"
        return observation.owner == .freed
            ? "running: the \(kind) \(stillGoing(object)), though the owner \(served) is gone"
            : "running: the \(kind) \(stillGoing(object))"
    }

    /// `is still scheduled`, or for a task `is still running` (its body has not returned).
    static func stillGoing(_ kind: ObjectKind?) -> String {
        kind == .task ? "is still running (its body has not returned)" : "is still scheduled"
    }

    /// What clean-up stopped: `timer`, or `task` for the concurrency family.
    static func stopped(_ observation: ScenarioObservation) -> String {
        observation.lifetimes.timer?.kind == .task ? "task" : "timer"
    }

    static func culpritText(_ observation: ScenarioObservation) -> String? {
        guard let freed = observation.freedOnceStopped else { return nil }
        if freed {
            return "stopping the \(stopped(observation)) released the owner, so it was what held it"
        }
        if let afterStop = observation.ticksAfterStop, afterStop.ticks > 0 {
            return
                """
                stopping it did not release the owner: after the stop the owner's work ran \(afterStop.ticks) more times in \
                \(milliseconds(afterStop.seconds * 1000)), \(perSecond(afterStop.perSecond)) a second; the loop spins
                """
        }
        return observation.afterRelease == .stopped
            ? "stopping the \(stopped(observation)) did not release the owner (it was stopped before release): something else holds it"
            : "stopping the \(stopped(observation)) did not release the owner"
    }

    static func lifetimesText(_ observation: ScenarioObservation) -> String {
        var parts = ["owner \(observation.lifetimes.owner.freed ? "freed" : "alive")"]
        if let timer = observation.lifetimes.timer {
            parts.append("\(timer.kind.rawValue) \(timer.freed ? "freed" : "alive")")
        }
        for object in [observation.lifetimes.intermediate, observation.lifetimes.helper].compactMap({ $0 }) {
            parts.append("\(object.kind.rawValue) \(object.freed ? "freed" : "alive")")
        }
        return parts.joined(separator: ", ") + " (at the end of the grace period)"
    }

    static func timingText(_ observation: ScenarioObservation) -> String? {
        guard let lateness = observation.lateness else { return nil }
        // A Task loop keeps a schedule of its own: a sleep loop drifts later; one that ticks early
        // does not sleep before its ticks (an Observations loop ticks on each change).
        let drift =
            observation.family != .concurrency
            ? ""
            : lateness.medianMs < 0
                ? """
                 (early: this loop does not wait an interval before each tick, as an Observations loop ticks when a value changes, \
                the first time at once)
                """
                : " (a Task.sleep loop drifts: each sleep starts after the previous tick's work)"
        return
            """
            ticks came \(milliseconds(lateness.medianMs)) late (median), \(milliseconds(lateness.maxMs)) at most, against start + k × \
            \(milliseconds(observation.interval * 1000))\(drift); tolerance asked: \(milliseconds(observation.toleranceMs))
            """
    }

    static func expectedText(_ observation: ScenarioObservation, _ style: TextStyle) -> String {
        let expected = observation.expected
        var text = expected.outcome.words
        text += " (\(expected.platform.displayName)"
        if let other = expected.otherPlatform {
            text += "; \(expected.platform.other.displayName): \(other.owner.rawValue)"
        }
        let articles = observation.articles.count == 1 ? "article" : "articles"
        text +=
            observation.articles.isEmpty
            ? "; \(observation.family.originWithoutArticle(platformSpecific: expected.otherPlatform != nil).rawValue.lowercased()))"
            : "; \(articles) \(observation.articles.map(\.rawValue).joined(separator: ", ")))"
        guard observation.asExpected else {
            return text + " - " + style.yellow("DIFFERS: " + observation.mismatches.map(\.sentence).joined(separator: "; "))
        }
        return text + " - " + style.green("as expected")
    }

    private static func graceText(_ observation: ScenarioObservation) -> String {
        milliseconds(Double(observation.grace) * observation.interval * 1000)
    }

    /// `4.8 million`, `12,000`, `37`.
    static func perSecond(_ value: Double) -> String {
        if value >= 1_000_000 { return String(format: "%.1f million", value / 1_000_000) }
        return String(Int(value.rounded()))
    }

    static func milliseconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) ms" : "\(rounded) ms"
    }
}
