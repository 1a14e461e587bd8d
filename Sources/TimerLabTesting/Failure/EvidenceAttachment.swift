#if canImport(Testing)
import Testing
#endif

/// Leaves a failing check's evidence where the test tools look for it: attached to the running
/// Swift Testing test, the whole report as text and its facts as JSON (`ReportJSON`), unless the
/// defaults in force say `attachments: false`.
///
/// `swift test --attachments-path DIR` writes them into `DIR`; Xcode shows them beside the
/// failure. XCTest, and a check outside any test, have nowhere to put them: nothing is attached.
enum EvidenceAttachment {
    /// Attaches `error`'s report, if it has one, to the running test, at `site`.
    static func record(_ error: LifetimeCheckError, at site: CallSite) {
        #if canImport(Testing)
        guard let report = error.report, Test.current != nil, LifetimeDefaults.current.attachments else { return }
        let location = SourceLocation(
            fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
        let name = fileName(report.typeName)
        Attachment.record(error.description, named: "\(name).lifetime.txt", sourceLocation: location)
        Attachment.record(ReportJSON.encoded(report), named: "\(name).lifetime.json", sourceLocation: location)
        #endif
    }

    /// A type's name as a file name: generic arguments and a module's dots kept, anything a file
    /// system or a shell would trip on (`/`, spaces, `<>`, `:`) made `_`.
    static func fileName(_ typeName: String) -> String {
        String(typeName.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }
}
