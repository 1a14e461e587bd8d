import Foundation
import TimerLabHarness

/// A report's facts as JSON, for a CI step to read from a failing test's attachment: what was
/// observed, under the names the report's API has, with durations in seconds.
///
/// `format` names the shape; a key may be added, never renamed or removed, without a new one.
/// Every key is written, `null` where it does not apply.
struct ReportJSON: Encodable {
    /// One holder the walk found.
    struct Holder: Encodable {
        let path: String
        let kind: String
        @Nullable var goingAtRelease: Bool?
        let goingAfterRelease: Bool
        @Nullable var keptElsewhere: String?
    }

    /// One part of the object's tree that outlived the grace period.
    struct Child: Encodable {
        let path: String
        let typeName: String
        let leaked: Bool
        @Nullable var freedLateSeconds: Double?
        let keptBy: [String]
        @Nullable var culprit: String?
        let stopsTried: [String]
    }

    let format = "timerlab-lifetime-report/1"
    /// What the test made of the report: `failed` (every failure it counts: a leak, a leak below,
    /// and under strict a late release, work left running, nothing seen running) or `warning`.
    let outcome: String
    /// Why it failed, as `LifetimeCheckError.Code` spells it (`notFreed`, `freedLate`…); `null` for a warning.
    @Nullable var failure: String?
    let typeName: String
    let fate: String
    let headline: String
    @Nullable var freedLateSeconds: Double?
    let patienceSeconds: Double
    let holders: [Holder]
    @Nullable var culprit: String?
    let stopsTried: [String]
    let capturingClosures: [String]
    /// The chain from a global that holds a leak, one step each (`LifetimeReport.heldBy`); empty for none.
    let heldBy: [String]
    let children: [Child]
    let leftRunning: [String]
    @Nullable var fix: String?
    @Nullable var caution: String?
    let notExamined: [String]

    /// The facts of `report`, which failed with `failure`, or (`nil`) passed with a warning.
    init(_ report: LifetimeReport, failure: LifetimeCheckError.Code?) {
        (outcome, self.failure) = (failure == nil ? "warning" : "failed", failure.map { String(describing: $0) })
        (typeName, fate, headline) = (report.typeName, report.fate.name, FailureReporter.headline(report.description))
        (freedLateSeconds, patienceSeconds) = (report.freedLate.map(\.seconds), report.patience.seconds)
        holders = report.holders.map {
            Holder(
                path: $0.path, kind: $0.kind.name, goingAtRelease: $0.goingAtRelease, goingAfterRelease: $0.goingAfterRelease,
                keptElsewhere: $0.keptElsewhere)
        }
        (culprit, stopsTried) = (report.culprit?.path, report.stopsTried)
        capturingClosures = report.capturingClosures.map(\.path)
        heldBy = report.heldBy
        children = report.children.map {
            Child(
                path: $0.path, typeName: $0.typeName, leaked: $0.leaked, freedLateSeconds: $0.freedLate.map(\.seconds),
                keptBy: $0.keptBy.map(\.path), culprit: $0.culprit, stopsTried: $0.stopsTried)
        }
        (leftRunning, fix, caution, notExamined) = (report.leftRunningPaths, report.fix, report.caution, report.notExamined)
    }

    /// The JSON, keys sorted and indented, as UTF-8 bytes.
    static func encoded(_ report: LifetimeReport, failure: LifetimeCheckError.Code?) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(ReportJSON(report, failure: failure))).map(Array.init) ?? []
    }
}
