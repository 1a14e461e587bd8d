/// The change that frees a leaked object, chosen from what its check observed, with the pair of
/// timerlab scenarios that shows the leak and its fix side by side.
struct Fix {
    let report: LifetimeReport

    var sentence: String {
        if let culprit = report.culprit {
            return advice(for: culprit.kind, suspended: culprit.wasSuspended == true)
        }
        if let timer = report.found.first(where: { $0.kind == .timer }) {
            return advice(for: timer.kind, suspended: false)
        }
        if report.found.isEmpty {
            return report.timerScheduledByStart ? unstoredTimer : unstoredTaskOrSource
        }
        return "several of what was found hold it, or something it does not store does: make every "
            + "closure that outlives the object take self weakly, and stop each from the code that retires it"
    }

    private func advice(for kind: Finding.Kind, suspended: Bool) -> String {
        switch kind {
        case .task:
            return "take self weakly on each turn of the loop (`guard let self` inside it, after the await), "
                + "or cancel the task from the code that retires the object (timerlab diff task-strong task-weak-each)"
        case .timer:
            let linux =
                report.blockTimersImmortal
                ? "; on Linux invalidating alone frees nothing the block captured, because Foundation keeps every block Timer"
                : ""
            return "capture [weak self] in the timer's block, and invalidate it from the code that retires the object"
                + " (timerlab diff block-strong block-weak)" + linux
        case .dispatchSource:
            let resume =
                suspended
                ? "; it was suspended: a suspended source's cancel takes effect only once resumed, and releasing it suspended traps, so resume it before you cancel"
                : ""
            return "capture [weak self] in the source's event handler, or cancel the source from the code that "
                + "retires the object (timerlab diff gcd-strong gcd)" + resume
        }
    }

    private var unstoredTimer: String {
        let linux =
            report.blockTimersImmortal
            ? "; on Linux even that frees nothing the block captured strongly, because Foundation keeps every block Timer"
            : ""
        return "capture [weak self] in the timer's block, and keep the timer in a property so the code that retires "
            + "the object can invalidate it (timerlab diff block-strong block-weak)" + linux
    }

    private var unstoredTaskOrSource: String {
        "keep the Task (or dispatch source) that start() begins, and cancel it from the code that retires "
            + "the object, or take self weakly on each turn of its loop (timerlab diff task-strong task-weak-each)"
    }
}
