#if canImport(Testing)
import Testing
#endif

/// Leaves a failing check's evidence, or a warning's, where the test tools look for it:
/// attached to the running Swift Testing test, the whole report as text and its facts as JSON
/// (`ReportJSON`, whose `outcome` tells the two apart), unless the check's defaults say
/// `attachments: false`.
///
/// `swift test --attachments-path DIR` writes them into `DIR`; Xcode shows them beside the
/// failure. XCTest, and a check outside any test, have nowhere to put them: nothing is attached.
enum EvidenceAttachment {
    /// Attaches `error`'s report, if it has one and `attachments` allows, to the running test, at `site`.
    static func record(_ error: LifetimeCheckError, attachments: Bool, at site: CallSite) {
        guard let report = error.report, let json = json(.fail(error)) else { return }
        attach(error.description, json, of: report, attachments: attachments, at: site)
    }

    /// Attaches the report of a check that passed with a warning, if `attachments` allows.
    static func record(warning report: LifetimeReport, attachments: Bool, at site: CallSite) {
        guard let json = json(.warn(report)) else { return }
        attach(report.description, json, of: report, attachments: attachments, at: site)
    }

    /// The JSON a judgement attaches: its report's facts and `outcome`; `nil` for a pass, which
    /// attaches nothing, and for a failure with no report.
    static func json(_ judgement: Judgement) -> [UInt8]? {
        switch judgement {
        case .pass: nil
        case .warn(let report): ReportJSON.encoded(report, failure: nil)
        case .fail(let error): error.report.map { ReportJSON.encoded($0, failure: error.code) }
        }
    }

    private static func attach(_ text: String, _ json: [UInt8], of report: LifetimeReport, attachments: Bool, at site: CallSite) {
        #if canImport(Testing)
        guard attachments, Test.current != nil else { return }
        let name = fileName(report.typeName)
        Attachment.record(text, named: "\(name).lifetime.txt", sourceLocation: site.sourceLocation)
        Attachment.record(json, named: "\(name).lifetime.json", sourceLocation: site.sourceLocation)
        #endif
    }

    /// A type's name as a file name: generic arguments and a module's dots kept, anything a file
    /// system or a shell would trip on (`/`, spaces, `<>`, `:`) made `_`.
    static func fileName(_ typeName: String) -> String {
        String(typeName.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }
}
