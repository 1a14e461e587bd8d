import Foundation

#if canImport(Testing)
import Testing
#endif

/// Records a failure (or a warning) with the test that is running, whichever library runs it,
/// once, and is never silent.
///
/// It decides at run time, as swift-snapshot-testing does: a current Swift Testing test records
/// an issue (a warning as an issue of severity `.warning`). Otherwise, in an XCTest process, it
/// calls XCTest's `XCTFail`, found in the process as swift-issue-reporting finds it (so this
/// library never links XCTest, and an XCTest-only file needs no `import Testing`); XCTest has no
/// warnings, so a warning goes to standard error. With neither, the text goes to standard error.
enum FailureReporter {
    static func record(_ text: String, warning: Bool = false, at site: SourceLocation) {
        if !warning {
            ExitTestChild.failIfCurrent(text, at: site)
        }
        if recordedBySwiftTesting(text, warning: warning, at: site) {
            return
        }
        if !warning, let xctFail = XCTestBridge.xctFail {
            xctFail(text, StaticFilePath.of(site.filePath), UInt(site.line))
            return
        }
        let label = warning ? "warning" : "error"
        FileHandle.standardError.write(Data("\(label): \(site.fileID):\(site.line): \(text)\n".utf8))
    }

    /// Records what a test makes of a report: a failure, a warning, or nothing for a pass.
    static func record(_ judgement: Judgement, attachments: Bool, at site: SourceLocation) {
        switch judgement {
        case .pass: break
        case .warn(let report):
            EvidenceAttachment.record(warning: report, attachments: attachments, at: site)
            record(report.description, warning: true, at: site)
        case .fail(let error):
            EvidenceAttachment.record(error, attachments: attachments, at: site)
            record(error.description, at: site)
        }
    }

    /// Whether a Swift Testing test is running on this task (which then records what is thrown).
    static var swiftTestingIsRunningATest: Bool {
        #if canImport(Testing)
        return Test.current != nil
        #else
        return false
        #endif
    }

    /// The running Swift Testing test, as `name (File.swift:12)`, or `nil` (XCTest's current test
    /// cannot be asked without linking XCTest).
    static var currentTestDescription: String? {
        #if canImport(Testing)
        return Test.current.map { "\($0.name) (\($0.sourceLocation.fileID):\($0.sourceLocation.line))" }
        #else
        return nil
        #endif
    }

    /// The first line of a failure's text: what Swift Testing's line for the issue says.
    static func headline(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// Records with the current Swift Testing test, if there is one (and Swift Testing is there).
    private static func recordedBySwiftTesting(_ text: String, warning: Bool, at site: SourceLocation) -> Bool {
        #if canImport(Testing)
        guard Test.current != nil else { return false }
        if warning {
            Issue.record(Comment(rawValue: text), severity: .warning, sourceLocation: site)
        } else {
            // Recorded as the failed expectation it is, whose expression is the headline: Swift
            // Testing's line for the issue reads `…: Expectation failed: Banner: LEAKED, held by
            // \`timer\`…`, the answer in one line a CI summary shows. `Issue.record` has no
            // other wording in 6.3: a comment alone reads "Issue recorded", an error "Caught
            // error: …", which reads as an exception though nothing threw. `__checkValue` is what
            // `#expect` expands to, public for that; the whole text follows as the comment, as
            // before, for whoever matches on it.
            _ = Testing.__checkValue(
                false, expression: .__fromSyntaxNode(headline(text)), comments: [Comment(rawValue: text)], isRequired: false,
                sourceLocation: site)
        }
        return true
        #else
        return false
        #endif
    }
}
