#if canImport(Testing)
import Testing
#endif

/// Leaves a failing check's evidence where the test tools look for it: attached to the running
/// Swift Testing test, the whole report as text and its facts as JSON (`ReportJSON`), unless
/// the check's defaults say `attachments: false`.
///
/// `swift test --attachments-path DIR` writes them into `DIR`; Xcode shows them beside the
/// failure. XCTest, and a check outside any test, have nowhere to put them: nothing is attached.
enum EvidenceAttachment {
    /// Attaches `error`'s report, if it has one and `attachments` allows, to the running test, at `site`.
    static func record(_ error: LifetimeCheckError, attachments: Bool, at site: SourceLocation) {
        #if canImport(Testing)
        guard attachments, let report = error.report, Test.current != nil else { return }
        let name = fileName(report.typeName)
        Attachment.record(error.description, named: "\(name).lifetime.txt", sourceLocation: site)
        Attachment.record(ReportJSON.encoded(report), named: "\(name).lifetime.json", sourceLocation: site)
        #endif
    }

    /// A type's name as a file name: generic arguments and a module's dots kept, anything a file
    /// system or a shell would trip on (`/`, spaces, `<>`, `:`) made `_`.
    static func fileName(_ typeName: String) -> String {
        String(typeName.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }
}
