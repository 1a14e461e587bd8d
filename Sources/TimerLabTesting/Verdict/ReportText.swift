import TimerLabHarness

/// The lines of a report: a verdict line (for a leak, with what holds it), then one labelled
/// fact per row: for a leak, what holds it and the fix first, then the evidence they rest on
/// (what was going, what was stopped, what is innocent and why), laid out to fit a terminal.
struct ReportText {
    let report: LifetimeReport

    var lines: [String] {
        var rows: [(label: String, entries: [String])] = []
        if report.fate == .leaked {
            rows.append(answer)
            rows.append(("fix", [report.fix ?? ""]))
        }
        if !report.children.isEmpty {
            rows.append(("below", report.children.map(below)))
            if let child = report.leakedChildren.first { rows.append(("fix", [Self.fixBelow(child, in: report)])) }
        }
        rows += evidence
        if report.fate == .leaked {
            rows.append(("patience", [patience]))
        }
        return [headline] + rows.flatMap { RowLayout.lines($0.label, $0.entries) }
    }

    /// The row that says what holds a leaked object: the proved culprit, the capturing closures,
    /// the candidates, or where it is held from.
    private var answer: (label: String, entries: [String]) {
        if !report.heldBy.isEmpty { return ("held by", [heldByChain]) }
        if report.culprit != nil || !report.culpritGroup.isEmpty { return ("culprit", [culprit]) }
        if !report.capturingClosures.isEmpty { return ("capturing closure", report.capturingClosures.map(captured)) }
        if !report.candidates.isEmpty {
            return ("candidates", CollapsedRows.rows(report.candidates) { path, count in { candidate($0, shownAs: path, count: count) } })
        }
        return ("culprit", [culprit])
    }

    /// `Type: FREED`, `Type: FREED LATE`, or `Type: LEAKED, held by …`: one line a CI summary can show.
    var headline: String {
        let verdict = "\(report.typeName): \(report.freedLate == nil ? report.fate.name.uppercased() : "FREED LATE")"
        if let child = report.leakedChildren.first { return "\(report.typeName): freed, but \(Self.leakBelow(child, in: report))" }
        return report.fate == .leaked ? "\(verdict), \(heldBy)" : verdict
    }

    /// The chain from a global, each step in backticks: `` `Registry.shared` → `items[0]` ``.
    private var chain: String { report.heldBy.map { "`\($0)`" }.joined(separator: " → ") }

    /// The `held by` row: the chain, and what it means for the stops.
    private var heldByChain: String {
        "\(chain): a chain of strong references from a global, through nothing the object keeps; no stop of its own "
            + "could free it, so the check stopped nothing"
    }

    /// What holds a leaked object, in a few words.
    private var heldBy: String {
        if !report.heldBy.isEmpty { return "held by \(chain)" }
        if let culprit = report.culprit { return "held by `\(culprit.path)` (\(culprit.kind.name))" }
        if let member = report.culpritGroup.first {
            let group = CollapsedRows.paths(report.culpritGroup.map(\.path)).map { "`\($0)`" }.joined(separator: ", ")
            return "held by one of \(group) (\(member.kind.name))"
        }
        if let closure = report.nearestCapturingClosure {
            return closure.keptBy == PropertyWalk.timerBlock
                ? "held by `\(closure.path)`'s block, which captures it" : "held by `\(closure.path)`, a closure that captures it"
        }
        // What was observed, never a guess (issue 66): no headline says "likely".
        if report.unstoredTimer { return "held by nothing it stores: start scheduled a Timer no property keeps" }
        if report.heldFromOutside, let bound = report.notExaminedParts.bound {
            return "held past where the check stopped looking (its properties \(bound))"
        }
        if report.heldFromOutside {
            let ownStorage = report.notExaminedParts.ownStorage.prefix(2).map { "`\($0)`" }
            if !ownStorage.isEmpty {
                return "held through \(ownStorage.joined(separator: " or ")), storage the check cannot look inside, or from outside "
                    + "its stored properties"
            }
            let handles = report.notExaminedParts.sharedHandles.prefix(2).map { "`\($0)`" }
            guard !handles.isEmpty else { return "held from outside its stored properties" }
            return "held from outside its stored properties, or through \(handles.joined(separator: " or ")), which something "
                + "else keeps too"
        }
        let candidates = CollapsedRows.paths(report.candidates.map(\.path)).map { "`\($0)`" }
        guard !candidates.isEmpty else { return "holder not found" }
        return candidates.count == 1
            ? "holder not proved (candidate: \(candidates[0]))" : "holder not proved (candidates: \(candidates.joined(separator: ", ")))"
    }

    /// The facts the verdict rests on: holders, the stops of a leak whose answer is not a
    /// culprit, a late release, ticks, what was seen and not examined.
    private var evidence: [(label: String, entries: [String])] {
        var rows: [(label: String, entries: [String])] = [
            (
                "holders",
                CollapsedRows.rows(report.holders) { path, count in
                    { "\(path) (\(count > 1 ? "\(count) × " : "")\($0.label(tracked: report.tracked))): \($0.state)\(innocence($0))" }
                }
            )
        ]
        if report.fate == .leaked, answer.label != "culprit", report.heldBy.isEmpty {
            rows.append(("culprit", [culprit]))
        }
        if let late = report.freedLate {
            rows.append(("freed late", ["\(Self.words(late)) after release, past the grace period: a late release, not a leak"]))
            rows.append(("pending at grace end", pending))
        }
        if report.ticksWatched, report.holders.contains(where: { $0.timer?.repeats == true }) {
            rows.append(("timer ticks", ["\(report.timerTicksBeforeRelease) before release, \(report.timerTicksAfterRelease) after it"]))
        }
        rows.append(("observed", observed.map { [$0] } ?? []))
        rows.append(("not examined", notExamined))
        rows.append(("caution", report.caution.map { [$0] } ?? []))
        return rows
    }

    /// The sources of a leaked object left going because their handlers hold nothing of it
    /// (`innocentHolders`): never stopped, since their cancel could not free it.
    private var spared: [LifetimeReport.Holder] { report.holders.filter(isSpared) }

    /// Whether `holder` is one of `spared`: asked of each row, so it looks at that holder alone.
    private func isSpared(_ holder: LifetimeReport.Holder) -> Bool {
        report.fate == .leaked && holder.kind == .dispatchSource && report.innocentHolders.contains(holder.path)
            && !report.stopsTried.contains(holder.path)
    }

    /// Why `spared` were left going, in a few words.
    private var sparedWords: String {
        let paths = CollapsedRows.paths(spared.map(\.path)).map { "`\($0)`" }.joined(separator: ", ")
        return "\(paths) went on, but \(spared.count == 1 ? "its handlers take" : "their handlers take") it weakly or not at all"
    }

    /// Why a holder of a leak that something else explains is innocent: its stop freed nothing,
    /// or, for a source left going, its handlers do not capture it.
    private func innocence(_ holder: LifetimeReport.Holder) -> String {
        if isSpared(holder) {
            return "; its handlers take it weakly or not at all: not what holds it, so not stopped"
        }
        guard report.fate == .leaked, report.culprit?.path != holder.path, report.stopsTried.contains(holder.path),
            report.culprit != nil || !report.capturingClosures.isEmpty
        else { return "" }
        return "; \(holder.kind.stopVerb) it freed nothing: not what holds it"
    }

    /// What the check did not look into, where it matters: a bound that stopped the walk and a
    /// failed calibration, always; storage it could not open (an `Atomic` counter is one), only for a leak nothing seen explains.
    private var notExamined: [String] {
        let unexplained =
            report.fate == .leaked && report.culprit == nil && report.capturingClosures.isEmpty && report.candidates.isEmpty
            && report.heldBy.isEmpty
        let outside = report.heldByNotRead.map { ["what holds it from outside: \($0)"] } ?? []
        return (unexplained ? report.notExaminedParts.lines : report.notExaminedParts.alwaysShown.lines) + outside
    }

    /// What a tracked object's check cannot see: it began after the test had started the object.
    static let unseenWhenTracked = "a timer the test scheduled and nothing stores cannot be seen when tracking"

    /// The holders the check knows, none of which was seen running.
    private static let noneRunning = "no Timer, DispatchSourceTimer, Task, DispatchWorkItem or NotificationCenter observer was seen running"

    /// What was seen besides the stored holders, when that is the news.
    private var observed: String? {
        if !report.sawSomethingRunning, report.freed, let seen = closuresSeen {
            return "freed; \(Self.noneRunning), but before release \(seen): what runs them let go of it"
        }
        if !report.sawSomethingRunning {
            let fate = report.freed ? "freed" : "not freed"
            return "\(fate); \(Self.noneRunning) "
                + (report.tracked
                    ? "(none in its stored properties; \(Self.unseenWhenTracked))"
                    : "(none in its stored properties, and start scheduled no timer on the run loop the check ran)")
                + (report.freed ? "\(unreadShared), so this check proves nothing about timers" : waitingInALibrary)
        }
        guard report.unstoredTimer else { return nil }
        return report.fate == .leaked
            ? """
            start scheduled a timer on the run loop the check ran, and no property holds it: an unstored Timer whose block captures \
            self is the likely holder
            """
                + (report.blockTimersImmortal
                    ? " (on Linux Foundation keeps every block Timer, one-shot or repeating, and what its block captures)" : "")
            : "start scheduled a timer on the run loop the check ran (not stored in a property)"
    }

    /// For a leak: the library handles whose scheduled closure was seen waiting, which the
    /// list of holders the check knows does not name.
    private var waitingInALibrary: String {
        let waiting = report.capturingClosures.filter { $0.libraryHandle != nil }
        let handles = waiting.compactMap(\.libraryHandle).map { "`\($0)`" }.firstOfEach
        guard let keeper = waiting.first?.keptBy else { return "" }
        return "; but \(handles.joined(separator: ", ")) scheduled a closure that \(keeper) keeps, waiting to run"
    }

    /// For a freed object: the objects it keeps that something else keeps too, whose variables
    /// (where a library keeps what it runs) were not read.
    private var unreadShared: String {
        let paths = report.notExaminedParts.sharedObjects.prefix(3).map { "`\($0)`" }
        guard !paths.isEmpty else { return "" }
        return "; what \(paths.joined(separator: ", ")) \(paths.count == 1 ? "runs" : "run") was not read (something else keeps "
            + "\(paths.count == 1 ? "it" : "them") too, and may change \(paths.count == 1 ? "it" : "them") meanwhile)"
    }

    /// The closures seen capturing a freed object that kept no holder the check knows, in words:
    /// `` `flushTask.task` (a closure RepeatedTask keeps) took it weakly ``.
    private var closuresSeen: String? {
        let said = report.closuresSeen.prefix(3).map { closure in
            "`\(closure.path)` (\(whose(closure.keptBy))) took it \(closure.weakly ? "weakly" : "strongly")"
        }
        guard !said.isEmpty else { return nil }
        let more = report.closuresSeen.count > said.count ? " and \(report.closuresSeen.count - said.count) more" : ""
        return said.joined(separator: ", ") + more
    }

    /// What was still going when the grace period ended, for an object freed late.
    private var pending: [String] {
        let going = report.pendingAtGraceEnd.map {
            "`\($0.path)` (\($0.label(tracked: report.tracked))): still going when the grace period ended"
        }
        guard going.isEmpty else { return going }
        if let closure = report.closuresSeen.first(where: { !$0.weakly }) {
            return [
                "nothing it stores was seen still going when the grace period ended: `\(closure.path)` "
                    + "(\(whose(closure.keptBy))), which took it strongly before release, held it until what runs it let go"
            ]
        }
        if let handle = report.notExaminedParts.sharedHandles.first {
            return [
                "nothing it stores was seen still going when the grace period ended: what `\(handle)` keeps (something else "
                    + "keeps it too, so that was not read), or something outside it, held it until then"
            ]
        }
        return [
            "nothing it stores was still going when the grace period ended: something outside it held it until then "
                + "(a work item a queue keeps until its deadline, a task or source it does not store)"
        ]
    }

    /// How long a leak was watched, what the wait was for, and what might still free it later.
    private var patience: String {
        guard report.patience > .zero else { return "none: the verdict is the grace period's (patience: .zero)" }
        guard !report.judgedWithoutPatience else {
            return "none spent: nothing it stores could still let go of it, and a capturing closure it keeps holds it (above): "
                + "no wait frees it"
        }
        let watched = "still alive \(Self.words(report.patience)) after the grace period, waiting for \(awaited)"
        // A leak a stop or a closure explains needs no longer wait.
        let going = report.pendingAtGraceEnd.filter { $0.kind != .notificationObserver && $0.wasSuspended != true }
        guard !going.isEmpty, report.culprit == nil, report.capturingClosures.isEmpty else { return watched }
        return watched + ": if it ends later and frees the object, a longer "
            + "patience shows a late release (patience: \(Self.longerPatience(report)))"
    }

    /// What the patience waited for to let go of the object: what was still going, a shared
    /// object a capturing closure waits in, or what the object does not store.
    private var awaited: String {
        let going = report.pendingAtGraceEnd.filter { $0.wasSuspended != true }
        if !going.isEmpty {
            return CollapsedRows.rows(going) { path, _ in { "`\(path)` (\($0.state.prefix { $0 != ";" }))" } }.joined(separator: ", ")
                + " to end"
        }
        if let shared = report.capturingClosures.compactMap(\.keptElsewhere).first {
            return "`\(shared)`, which keeps a capturing closure, to run it and drop it"
        }
        if report.unstoredTimer { return "the Timer start scheduled, which no property keeps, to let go" }
        if let handle = report.notExaminedParts.sharedHandles.first {
            return "what `\(handle)` keeps (something else keeps it too), or what it does not store, to let go"
        }
        return "what it does not store (a task, work item or one-shot it keeps no handle to) to let go"
    }

    /// A patience that outlasts the latest one-shot `Timer` found, or twice the one used.
    private static func longerPatience(_ report: LifetimeReport) -> String {
        let due = report.holders.compactMap { $0.timer?.repeats == false ? $0.timer?.due : nil }.max() ?? .zero
        let longer = max(report.patience * 2, due + .seconds(1), .seconds(1))
        return ".seconds(\(Int(longer.seconds.rounded(.up))))"
    }

    /// `450 ms`, `2.00 s`.
    static func words(_ duration: Duration) -> String {
        duration < .seconds(1)
            ? "\(Int((duration.seconds * 1000).rounded())) ms" : String(format: "%.2f s", duration.seconds)
    }

    /// Whose a stored closure is, by the type that keeps it: `the block the Timer keeps`, `a
    /// closure it keeps` (the object's own), `a closure Beat keeps`.
    private func whose(_ keptBy: String) -> String {
        keptBy == PropertyWalk.timerBlock
            ? "the block the Timer keeps" : keptBy == report.typeName ? "a closure it keeps" : "a closure \(keptBy) keeps"
    }

    private func captured(_ closure: LifetimeReport.CapturingClosure) -> String {
        let how = closure.through.isEmpty ? "" : " through \(closure.through.joined(separator: ", then "))"
        let waits = closure.keptElsewhere.map { "; it waits inside `\($0)`, which something else keeps too" } ?? ""
        return "`\(closure.path)` (\(whose(closure.keptBy))): captures \(report.typeName) strongly\(how)\(waits); "
            + "seen in the closure's context, not proved by a stop"
    }

    private var culprit: String {
        if let member = report.culpritGroup.first {
            let group = CollapsedRows.paths(report.culpritGroup.map(\.path)).map { "`\($0)`" }.joined(separator: ", ")
            return "\(member.kind.stopVerb) \(group) (\(report.culpritGroup.count) × \(member.kind.name)) together freed it: one of them "
                + "held it (more than \(Culprit.groupAbove) of one kind in one collection are stopped together)"
        }
        if let culprit = report.culprit {
            let suspended = culprit.wasSuspended == true ? " (it was suspended: the check cancelled it and left it so, as found)" : ""
            let before = CollapsedRows.paths(Array(report.stopsTried.prefix { $0 != culprit.path })).map { "`\($0)`" }
            let after = before.isEmpty ? "" : ", after stopping \(before.joined(separator: ", ")) freed nothing"
            return "\(culprit.kind.stopVerb) `\(culprit.path)` (\(culprit.kind.name)) freed it\(suspended)\(after)"
        }
        if report.stopsTried.isEmpty, let waiting = report.capturingClosures.first(where: { $0.libraryHandle != nil }),
            let handle = waiting.libraryHandle
        {
            // A library's scheduled task: its handle's cancel is the library's own call, which
            // also completes what waits on it; the check reads the closure and stops nothing.
            return "none proved by a stop: `\(handle)` is a library's handle, which the check "
                + "does not cancel (only the library's own cancel ends its task whole); the capturing closure above, kept by "
                + "\(waiting.keptBy), holds it"
        }
        if !report.capturingClosures.isEmpty {
            let tried =
                !report.stopsTried.isEmpty
                ? "no stop freed it" : spared.isEmpty ? "nothing it stores was going to stop" : "nothing was stopped (\(sparedWords))"
            let timers =
                report.blockTimersImmortal && report.capturingClosures.contains { $0.keptBy == PropertyWalk.timerBlock }
                ? " (nor, on Linux, does invalidating a Timer release its block)" : ""
            return "none proved: \(tried); the capturing closures above hold it, and a stop does not drop a stored closure\(timers)"
        }
        if report.heldFromOutside {
            let unstored =
                report.tracked
                ? "; \(Self.unseenWhenTracked): expectFreed, which starts it, can"
                : ", and no unstored timer explains it"
            guard notExamined.isEmpty else {
                return "none found where the check could look (nothing there was going, seen holding it or stopped in vain); "
                    + "what it did not look into, below, may hold it"
            }
            return
                "none: held from outside its stored properties (nothing it stores was going, seen holding it or stopped in vain\(unstored))"
        }
        if report.unstoredTimer {
            return "not named: nothing stored to stop"
        }
        let tried = CollapsedRows.paths(report.stopsTried).map { "`\($0)`" }.joined(separator: ", ")
        guard report.stopsTried.isEmpty else { return "none: no stop freed it (tried, in order: \(tried))" }
        return spared.isEmpty ? "none: nothing it stores was still going to stop" : "none: nothing was stopped (\(sparedWords))"
    }

    private func candidate(_ holder: LifetimeReport.Holder, shownAs path: String, count: Int) -> String {
        let stopped =
            holder.wasSuspended == true
            ? "suspended when the check came to stop it: cancelled and left suspended, as found, so its stop proves nothing"
            : report.stopsTried.contains(holder.path)
                ? "\(holder.kind.stopVerb) it freed nothing"
                : holder.keptElsewhere != nil ? holder.state : "\(holder.state), so not stopped"
        return "`\(path)` (\(count > 1 ? "\(count) × " : "")\(holder.kind.name)): \(stopped)"
            + (Self.why(holder, immortalTimers: report.blockTimersImmortal).map { "; \($0)" } ?? "")
    }

    /// Why stopping this kind may free nothing, where that is known.
    private static func why(_ holder: LifetimeReport.Holder, immortalTimers: Bool) -> String? {
        switch holder.kind {
        case .timer where immortalTimers:
            return "a block Timer's closure is never released on Linux, even after invalidate() or a one-shot's fire"
        case .workItem:
            return "a work item keeps its block until the work item itself is freed, so cancel() releases nothing it captured"
        default:
            return nil
        }
    }
}

extension ReportText {
    /// `\`poller\` (Poller) LEAKED, held by \`poller.timer\` (Timer)`: a leak below the object, for its headline.
    static func leakBelow(_ child: LifetimeReport.Child, in report: LifetimeReport) -> String {
        let more = report.leakedChildren.count > 1 ? " and \(report.leakedChildren.count - 1) more" : ""
        let holders = report.holders(inside: child).map { "`\($0.path)` (\($0.kind.name))" } + keepers(of: child, in: report)
        let held = holders.isEmpty ? "held from outside its stored properties" : "held by \(holders.prefix(2).joined(separator: " or "))"
        return "`\(child.path)` (\(child.typeName))\(more) LEAKED, \(held)"
    }

    /// What keeps `child` inside the tree that no holder going names: a closure it stores that
    /// captures it, or a property of an object it keeps (a cycle).
    static func keepers(of child: LifetimeReport.Child, in report: LifetimeReport) -> [String] {
        let named = Set(report.holders(inside: child).map(\.path))
        return child.keptBy.filter { !named.contains($0.path) }.map { keeper in
            switch keeper {
            case .closure(let path): return "`\(path)`, a closure that captures it"
            case .property(let path): return isCycle(keeper, of: child) ? "`\(path)`, a cycle" : "`\(path)`"
            }
        }
    }

    /// Whether `keeper` is a property inside `child`'s own part: a reference back to it, a cycle.
    private static func isCycle(_ keeper: LifetimeReport.Child.Keeper, of child: LifetimeReport.Child) -> Bool {
        guard case .property(let path) = keeper else { return false }
        return LifetimeReport.path(path, isInside: child.path)
    }

    /// One object of the tree still alive at the end of the grace period: leaked, or freed late.
    private func below(_ child: LifetimeReport.Child) -> String {
        let name = "`\(child.path)` (\(child.typeName))"
        guard child.leaked else {
            return "\(name): freed late, \(Self.words(child.freedLate ?? .zero)) past the grace period: a late release, not a leak"
        }
        let holders = report.holders(inside: child).map { "`\($0.path)` (\($0.kind.name)), \($0.state)" }
        let keepers = Self.keepers(of: child, in: report)
        let wait = report.patience > .zero ? "\(Self.words(report.patience)) past the grace period" : "at the end of the grace period"
        return "\(name): still alive \(wait), though \(report.typeName) was freed (a leak below it)"
            + (holders.isEmpty ? "" : "; going: \(holders.joined(separator: "; "))")
            + (keepers.isEmpty ? "" : "; kept by \(keepers.joined(separator: "; "))") + stopped(child)
    }

    /// What the culprit search of a leak below found: the stop that freed it, or the stops that did not.
    private func stopped(_ child: LifetimeReport.Child) -> String {
        let kinds = Dictionary(report.holders.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
        if let culprit = child.culprit, let kind = kinds[culprit] {
            return "; \(kind.stopVerb) `\(culprit)` freed it"
        }
        guard !child.stopsTried.isEmpty else { return "" }
        let tried = child.stopsTried.map { "`\($0)`" }.joined(separator: ", ")
        let timers = report.blockTimersImmortal && child.stopsTried.contains { kinds[$0] == .timer }
        return "; stopping \(tried) freed nothing" + (timers ? " (a block Timer's closure is never released on Linux)" : "")
    }

    /// What to change for a leak below the object.
    static func fixBelow(_ child: LifetimeReport.Child, in report: LifetimeReport) -> String {
        guard let holder = report.holders(inside: child).first else {
            // No holder going inside it, so none names a keeper: the first keeper says what to change.
            switch child.keptBy.first {
            case .closure(let path)? where report.holders.contains { $0.path == path && $0.kind == .task }:
                // Dropping a `Task`'s handle does not end the task, nor let go of what it captured.
                return "take \(child.typeName) weakly in the task at `\(path)`, or cancel `\(path)` when \(report.typeName) goes "
                    + "(from its deinit), and have the task end on its cancellation"
            case .closure(let path)?:
                return "take \(child.typeName) weakly in `\(path)`, or set `\(path)` to nil when \(report.typeName) goes (from its deinit)"
            case let keeper? where isCycle(keeper, of: child):
                return "make `\(keeper.path)` weak, or break the cycle from \(report.typeName)'s deinit"
            default: break
            }
            return "find what keeps `\(child.path)` once \(report.typeName) goes (a closure of its own that captures it, "
                + "an observer it registered), and stop it from \(report.typeName)'s deinit"
        }
        if holder.kind == .timer, report.blockTimersImmortal {
            // On Linux invalidating a block Timer never releases its closure: stopping it frees nothing.
            return "take \(child.typeName) weakly in what `\(holder.path)` runs: on Linux Foundation never releases a block "
                + "Timer's closure, so stopping `\(holder.path)` frees nothing"
        }
        return "stop `\(holder.path)` when \(report.typeName) goes (from its deinit, or \(child.typeName)'s own stop), or take "
            + "\(child.typeName) weakly in what `\(holder.path)` runs"
    }

    /// ``left running: `flushTask` (SwiftNIO's RepeatedTask) still runs after release; cancel it in deinit``.
    static func leftRunning(_ work: LifetimeReport.LibraryWork, more: Int) -> String {
        let others = more > 0 ? " (and \(more) more)" : ""
        return "left running: `\(work.path)` (\(work.name))\(others) still runs after release; cancel it in deinit"
    }

    /// ``left running: `timer` (Timer, repeating every 10 ms) fires into nothing after release; invalidate it in deinit``.
    static func leftRunning(_ holder: LifetimeReport.Holder, more: Int) -> String {
        let others = more > 0 ? " (and \(more) more)" : ""
        switch holder.kind {
        case .timer:
            return "left running: `\(holder.path)` (\(holder.label(tracked: false)))\(others) fires into nothing after release; "
                + "invalidate it in deinit"
        case .dispatchSource:
            return "left running: `\(holder.path)` (DispatchSourceTimer)\(others) fires into nothing after release; cancel it in deinit"
        default:
            return "left running: `\(holder.path)` (\(holder.kind.name))\(others) still runs after release; cancel it in deinit"
        }
    }
}
