/// What a test makes of a report: it passes, passes with a warning, or fails.
enum Judgement {
    case pass
    /// Passes with a warning: the report, whose text is the warning.
    case warn(LifetimeReport)
    case fail(LifetimeCheckError)

    /// Judges `report`: a leak fails, in the object or below it; an object (or part of it) freed
    /// late passes with a warning (a strict check fails it), and so does one that left a timer
    /// running after release; a freed object passes, with a warning when a holder-typed property
    /// was left `nil`, and fails a strict check when nothing was seen running.
    init(_ report: LifetimeReport, strict: Bool) {
        if !report.freed {
            self = .fail(LifetimeCheckError(code: .notFreed, reason: "\(report.typeName) was not freed", report: report))
        } else if let child = Self.leakBelow(report) {
            self = .fail(child)
        } else if strict, !report.children.isEmpty {
            self = .fail(
                LifetimeCheckError(
                    code: .freedLate, reason: "\(report.typeName) was freed, but part of it was freed late (a strict check)",
                    report: report))
        } else if strict, let running = report.leftRunningPaths.first {
            self = .fail(
                LifetimeCheckError(
                    code: .leftRunning,
                    reason: "\(report.typeName) was freed, but left `\(running)` running after release (a strict check)",
                    report: report))
        } else if !report.children.isEmpty {
            self = .warn(report)
        } else if let late = report.freedLate {
            self =
                strict
                ? .fail(
                    LifetimeCheckError(
                        code: .freedLate,
                        reason: "\(report.typeName) was freed late, \(ReportText.words(late)) after release (a strict check)",
                        report: report))
                : .warn(report)
        } else if strict, !report.sawSomethingRunning {
            self = .fail(
                LifetimeCheckError(
                    code: .nothingSeenRunning,
                    reason: "\(report.typeName) was freed, but nothing timer-like was seen running (a strict check)",
                    report: report))
        } else if report.caution != nil {
            self = .warn(report)
        } else {
            self = .pass
        }
    }
}

extension Judgement {
    /// The failure of a freed object that left an object of its own tree alive: a leak below it.
    static func leakBelow(_ report: LifetimeReport) -> LifetimeCheckError? {
        guard report.freed, let child = report.leakedChildren.first else { return nil }
        return LifetimeCheckError(
            code: .notFreed, reason: "\(report.typeName) was freed, but `\(child.path)` (\(child.typeName)) was not",
            report: report)
    }

    /// Judges the report of an object a test tracked and left alive at its end: a leak fails;
    /// one freed after the test ended passes, with a warning when freed late.
    init(tracked report: LifetimeReport) {
        if let child = Self.leakBelow(report) {
            self = .fail(child)
            return
        }
        guard report.freed else {
            self = .fail(
                LifetimeCheckError(
                    code: .notFreed, reason: "\(report.typeName) was not freed after the test that tracked it ended", report: report))
            return
        }
        self = report.freedLate == nil ? .pass : .warn(report)
    }
}
