extension LifetimeReport {
    /// The report of a tracked object found freed when its test ended, whose parts (each at its
    /// path inside the object) outlived the patience: each part's own check, told from the
    /// object, as `expectFreed` tells a leak below it (`Screen: freed, but \`poller\`
    /// (TimerPoller) LEAKED, held by \`poller.timer\` (Timer)`).
    ///
    /// The holders, capturing closures, culprit and stops of each part's report are the
    /// object's, under the part's path; what the object itself did in the test is not known (it
    /// was gone when the check began), so no tick (the tick counts are 0, and no row shows them)
    /// or holder of its own is claimed.
    init(freed typeName: String, leakedParts parts: [(path: String, report: LifetimeReport)], patience: Duration) {
        let inside = { (part: String, path: String) in "\(part).\(path)" }
        self.init(
            typeName: typeName, fate: .freed,
            holders: parts.flatMap { part in part.report.holders.map { $0.moved(under: part.path) } },
            unset: [], culprit: nil, stopsTried: [], timerScheduledByStart: false, timerTicksBeforeRelease: 0,
            timerTicksAfterRelease: 0, blockTimersImmortal: ReportBuilder.blockTimersImmortal, tracked: true, freedLate: nil,
            patience: patience,
            capturingClosures: parts.flatMap { part in
                part.report.capturingClosures.map {
                    CapturingClosure(
                        path: inside(part.path, $0.path), keptBy: $0.keptBy, through: $0.through,
                        keptElsewhere: $0.keptElsewhere.map { inside(part.path, $0) })
                }
            },
            innocentHolders: parts.flatMap { part in part.report.innocentHolders.map { inside(part.path, $0) } })
        ticksWatched = false
        children = parts.map { part in
            Child(
                path: part.path, typeName: part.report.typeName, freedLate: nil,
                culprit: part.report.culprit.map { inside(part.path, $0.path) },
                stopsTried: part.report.stopsTried.map { inside(part.path, $0) })
        }
    }
}

extension LifetimeReport.Holder {
    /// The same holder, at its path inside the part at `part`.
    func moved(under part: String) -> Self {
        var moved = Self(
            path: "\(part).\(path)", kind: kind, goingAtRelease: goingAtRelease, goingAfterRelease: goingAfterRelease,
            wasSuspended: wasSuspended, timer: timer)
        moved.keptElsewhere = keptElsewhere.map { "\(part).\($0)" }
        return moved
    }
}

extension LifetimeReport.CapturingClosure {
    /// For a closure waiting inside a library's object something else keeps too: the checked
    /// object's own property that leads to it, the library's handle your code stores (`timeout`
    /// for `timeout.promise.futureResult.eventLoop._scheduledTasks…`), where a fix starts; `nil`
    /// for a closure the object's own graph alone keeps.
    var libraryHandle: String? {
        keptElsewhere.map { _ in NotExamined.ownProperty(of: path) }
    }
}
