import Foundation
import Testing

/// Fails the test that is running, whichever library runs it, with a report's whole text, and
/// is never silent.
///
/// It decides at run time, as swift-snapshot-testing does: a current Swift Testing test records
/// an issue. Otherwise it calls XCTest's `XCTFail`, found in the process as swift-issue-reporting
/// finds it (so this library never links XCTest, and an XCTest-only file needs no `import
/// Testing`), writes the report to standard error, and throws: corelibs-xctest's `XCTFail` drops
/// a failure when no XCTest test is current, so the throw is what makes a call outside any test
/// (or in a task that left its test) fail loudly. Inside an XCTest test it fails the test twice:
/// the report, then the error that points to it.
enum FailureReporter {
    static func fail(_ report: LifetimeReport, at site: CallSite) throws(LifetimeCheckError) {
        let text = report.description
        if Test.current != nil {
            let location = SourceLocation(
                fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
            Issue.record(Comment(rawValue: text), sourceLocation: location)
            return
        }
        XCTestBridge.xctFail?(text, site.filePath, site.line)
        FileHandle.standardError.write(Data("error: \(site.fileID):\(site.line): \(text)\n".utf8))
        throw LifetimeCheckError(
            reason: "\(report.typeName) was not freed (\(report.verdict.name)); its report is above and on standard error",
            report: report)
    }
}
