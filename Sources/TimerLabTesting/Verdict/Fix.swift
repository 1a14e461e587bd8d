/// The change that frees a leaked object, chosen from what its check observed, with the pair of
/// timerlab scenarios that shows the leak and its fix side by side where there is one.
struct Fix {
    let report: LifetimeReport

    var sentence: String {
        if !report.heldBy.isEmpty {
            return "remove it from `\(report.heldByExpression)` when it is done (or keep it there weakly), or, if it is "
                + "meant to live as long as the app, check the object that keeps it instead: while it is there nothing "
                + "the object does can free it"
        }
        if let culprit = report.culprit {
            return advice(for: culprit.kind, suspended: culprit.wasSuspended == true)
        }
        if let member = report.culpritGroup.first {
            return advice(for: member.kind, suspended: report.culpritGroup.contains { $0.wasSuspended == true })
        }
        if let closure = report.nearestCapturingClosure {
            return capturingClosure(closure)
        }
        if report.unstoredTimer {
            return unstoredTimer
        }
        if report.heldFromOutside {
            return heldFromOutside
        }
        let each = report.candidates.map(\.kind).firstOfEach.map { kind in
            advice(for: kind, suspended: report.candidates.contains { $0.kind == kind && $0.wasSuspended == true })
        }
        return "one of the candidates holds it, or something it does not store does: "
            + each.joined(separator: "; and ")
    }

    private func advice(for kind: LifetimeReport.Holder.Kind, suspended: Bool) -> String {
        switch kind {
        case .task:
            // True of a loop and of a one-shot task (a debouncer's) alike: where self is bound
            // is what keeps it, not whether there is a loop.
            return "take self weakly in the task and bind it (`guard let self`) only where it is used, after each await, "
                + "never once before a loop or a sleep; or cancel the task from the code that retires the object "
                + "(timerlab diff task-strong task-weak-each)"
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
                ? "; it was suspended: a suspended source's cancel takes effect only once resumed, and releasing it suspended "
                    + "traps, so resume it before you cancel"
                : ""
            return "capture [weak self] in the source's event handler, or cancel the source from the code that "
                + "retires the object (timerlab diff gcd-strong gcd)" + resume
        case .notificationObserver:
            return "capture [weak self] in the observer's block, and remove the observer from the code that retires "
                + "the object: a deinit that removes it never runs while the block holds self"
        case .workItem:
            return "capture [weak self] in the work item's block: cancel() keeps the block, so a work item the "
                + "object stores, whose block captures self, is a cycle nothing but [weak self] breaks"
        }
    }

    private func capturingClosure(_ closure: LifetimeReport.CapturingClosure) -> String {
        guard closure.keptBy != PropertyWalk.timerBlock else { return advice(for: .timer, suspended: false) }
        guard closure.keptBy != report.typeName else {
            return "capture [weak self] in the closure it keeps at `\(closure.path)`, or set that property to nil from the "
                + "code that retires the object: an object that keeps a closure that keeps the object is a cycle"
        }
        if let handle = closure.libraryHandle {
            // The path runs through a library's object the user cannot change: the user's own
            // property is where the fix starts.
            return "capture [weak self] in the closure your code passed to the library whose handle is `\(handle)`, or cancel "
                + "`\(handle)` from the code that retires the object: until then \(closure.keptBy) keeps the closure at "
                + "`\(closure.path)`"
        }
        return "capture [weak self] in the closure your code passes to \(closure.keptBy), which keeps it at `\(closure.path)`; "
            + "stopping \(closure.keptBy)'s timer or source frees nothing while it keeps the closure"
    }

    private var unstoredTimer: String {
        let linux =
            report.blockTimersImmortal
            ? "; on Linux even that frees nothing the block captured strongly, because Foundation keeps every block Timer"
            : ""
        return "capture [weak self] in the timer's block, and keep the timer in a property so the code that retires "
            + "the object can invalidate it (timerlab diff block-strong block-weak)" + linux
    }

    private var heldFromOutside: String {
        guard let handle = report.notExaminedParts.sharedHandles.first else { return outsideAlone }
        // A library's handle the object stores (a scheduled task's), which its scheduler keeps
        // too: what it keeps was not read, but the user's property is where the fix starts.
        return "if a closure your code gave `\(handle)` (or the library behind it) captures self, take self weakly in it, or "
            + "undo what your code scheduled through `\(handle)` (cancel it, unsubscribe) from the code that retires the object "
            + "(a deinit that does it never runs while that closure holds self): what `\(handle)` keeps was not read, as "
            + "something else keeps it too; otherwise a closure "
            + "it keeps no reference to holds it (a block that reschedules itself with asyncAfter, a Task or observer not stored)"
    }

    private var outsideAlone: String {
        "find the closure that outlives the object and make it take self weakly: a block that reschedules itself "
            + "with DispatchQueue.asyncAfter, a Task begun in start and not stored, an observer whose token was not kept; "
            + "or keep its handle (the Task, a DispatchWorkItem, the token) in a property and stop it from the code that retires the object"
    }
}
