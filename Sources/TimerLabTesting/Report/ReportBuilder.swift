import TimerLabHarness

/// Turns the harness's evidence of a run, and what the check's own steps noted, into a user's report.
struct ReportBuilder {
    let typeName: String
    let progress: CheckProgress
    let patience: Duration

    func report(_ evidence: RunEvidence) -> LifetimeReport {
        let found = evidence.watched.compactMap(finding)
        return LifetimeReport(
            typeName: typeName,
            verdict: evidence.outcome.owner == .freed ? .freed : .leaked,
            found: found,
            unset: progress.unset,
            culprit: evidence.culprit.flatMap { culprit in found.first { $0.path == culprit.path } },
            stopsTried: evidence.stopsTried,
            timerScheduledByStart: evidence.timerScheduledByStart || progress.scheduledTimerBeforeRun,
            timerTicksBeforeRelease: evidence.ticksBeforeRelease,
            timerTicksAfterRelease: evidence.ticksAfterRelease,
            blockTimersImmortal: Self.blockTimersImmortal,
            freedLate: evidence.freedLate.map { .seconds($0) },
            patience: patience,
            capturingClosures: evidence.closures.capturing.map {
                LifetimeReport.CapturingClosure(path: $0.path, keptBy: $0.keptBy, through: $0.through)
            },
            innocentHolders: evidence.closures.innocentHolders)
    }

    private func finding(_ watched: WatchedObject) -> Finding? {
        guard let path = watched.path, let kind = Finding.Kind(watched.kind) else { return nil }
        return Finding(
            path: path, kind: kind, goingAtRelease: watched.goingAtRelease, goingAfterRelease: watched.goingAfterRelease,
            wasSuspended: watched.wasSuspended,
            timer: watched.shape.map { shape in
                Finding.TimerShape(
                    repeats: shape.repeats, interval: .seconds(shape.interval), due: .seconds(max(0, shape.dueIn)))
            })
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
        case .workItem: self = .workItem
        case .notificationObserver: self = .notificationObserver
        default: return nil
        }
    }
}
