import TimerLabHarness

/// Turns the harness's evidence of a run, and what the check's own steps noted, into a user's report.
struct ReportBuilder {
    let typeName: String
    let noted: CheckProgress.Noted
    let patience: Duration
    /// Whether the object was tracked: the test, not the check, started it.
    var tracked = false
    func report(_ evidence: RunEvidence) -> LifetimeReport {
        let holders = evidence.watched.compactMap(holder)
        var report = LifetimeReport(
            typeName: typeName,
            fate: evidence.outcome.owner == .freed ? .freed : .leaked,
            holders: holders,
            unset: noted.unset,
            culprit: evidence.culprit.flatMap { culprit in culprit.group.isEmpty ? holders.first { $0.path == culprit.path } : nil },
            stopsTried: evidence.stopsTried,
            timerScheduledByStart: evidence.timerScheduledByStart || noted.scheduledTimerBeforeRun,
            timerTicksBeforeRelease: evidence.ticksBeforeRelease,
            timerTicksAfterRelease: evidence.ticksAfterRelease,
            blockTimersImmortal: Self.blockTimersImmortal,
            tracked: tracked,
            freedLate: evidence.freedLate.map { .seconds($0) },
            patience: patience,
            capturingClosures: evidence.closures.capturing.map {
                LifetimeReport.CapturingClosure(path: $0.path, keptBy: $0.keptBy, through: $0.through, keptElsewhere: $0.keptElsewhere)
            },
            innocentHolders: evidence.closures.innocentHolders,
            notExaminedParts: noted.notExamined,
            closuresSeen: noted.closuresSeen,
            culpritGroup: Self.group(evidence.culprit, in: holders),
            judgedWithoutPatience: evidence.patienceSkipped)
        if report.fate == .leaked {
            (report.heldBy, report.heldByNotRead) = (evidence.closures.heldFrom, evidence.closures.heldFromNotRead)
        }
        return report
    }

    private func holder(_ watched: HolderRecord) -> LifetimeReport.Holder? {
        guard let path = watched.path, let kind = LifetimeReport.Holder.Kind(watched.kind) else { return nil }
        return LifetimeReport.Holder(
            path: path, kind: kind, goingAtRelease: watched.goingAtRelease, goingAfterRelease: watched.goingAfterRelease,
            wasSuspended: watched.wasSuspended,
            timer: watched.shape.map { shape in
                LifetimeReport.Holder.TimerShape(
                    repeats: shape.repeats, interval: .clamped(seconds: shape.interval), due: .clamped(seconds: max(0, shape.dueIn)),
                    overdue: .clamped(seconds: watched.overdueAfterRelease ?? 0),
                    catchUpSkipped: watched.catchUpSkipped.map { .clamped(seconds: $0) })
            },
            keptElsewhere: watched.keptElsewhere)
    }

    /// The holders a culprit group names, in order.
    private static func group(_ culprit: Culprit?, in holders: [LifetimeReport.Holder]) -> [LifetimeReport.Holder] {
        guard let paths = culprit.map({ Set($0.group) }), !paths.isEmpty else { return [] }
        return holders.filter { paths.contains($0.path) }
    }

    /// Linux Foundation keeps every block `Timer` (and its closure) for good.
    static var blockTimersImmortal: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }
}

extension LifetimeReport.Holder.Kind {
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
