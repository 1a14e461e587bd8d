import TimerLabHarness

/// Turns the harness's evidence of a run into a user's report.
struct ReportBuilder {
    let typeName: String

    func report(_ evidence: RunEvidence) -> LifetimeReport {
        let found = evidence.watched.compactMap(finding)
        let freed = evidence.outcome.owner == .freed
        let sawSomething = !found.isEmpty || evidence.timerScheduledByStart
        return LifetimeReport(
            typeName: typeName,
            verdict: freed ? (sawSomething ? .freed : .nothingRan) : .leaked,
            found: found,
            culprit: evidence.culprit.flatMap { culprit in found.first { $0.path == culprit.path } },
            stopsTried: evidence.stopsTried,
            timerScheduledByStart: evidence.timerScheduledByStart,
            timerFiresBeforeRelease: evidence.firesBeforeRelease,
            timerFiresAfterRelease: evidence.firesAfterRelease,
            blockTimersImmortal: Self.blockTimersImmortal)
    }

    private func finding(_ watched: WatchedObject) -> Finding? {
        guard let path = watched.path, let kind = Finding.Kind(watched.kind) else { return nil }
        return Finding(path: path, kind: kind, goingAfterRelease: watched.goingAfterRelease, wasSuspended: watched.wasSuspended)
    }

    /// Linux Foundation keeps every block `Timer` (and its closure) for good.
    private static var blockTimersImmortal: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }
}

extension Finding.Kind {
    init?(_ kind: ObjectKind) {
        switch kind {
        case .timer: self = .timer
        case .dispatchSourceTimer: self = .dispatchSource
        case .task: self = .task
        default: return nil
        }
    }
}
