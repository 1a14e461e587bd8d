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
    static func record(_ text: String, warning: Bool = false, at site: CallSite) {
        if !warning {
            ExitTestChild.failIfCurrent(text, at: site)
        }
        if recordedBySwiftTesting(text, warning: warning, at: site) {
            return
        }
        if !warning, let xctFail = XCTestBridge.xctFail {
            if let path = site.staticFilePath {
                xctFail(text, path, UInt(clamping: site.line))
            } else {
                // A `SourceLocation` passed on in an XCTest process: `XCTFail` takes its file only
                // as a `StaticString`, which no public API makes from a `String`, so the location
                // heads the text instead.
                xctFail("\(site.fileID):\(site.line): \(text)", #filePath, #line)
            }
            return
        }
        let label = warning ? "warning" : "error"
        FileHandle.standardError.write(Data("\(label): \(site.fileID):\(site.line): \(text)\n".utf8))
    }

    /// Records what a test makes of a report: a failure, a warning, or nothing for a pass.
    static func record(_ judgement: Judgement, attachments: Bool, at site: CallSite) {
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

    /// The first line of a failure's text: its headline.
    static func headline(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// Records with the current Swift Testing test, if there is one (and Swift Testing is there).
    ///
    /// As any recorded issue: Swift Testing's line for it reads `Issue recorded` (a warning's
    /// `recorded a warning`), and the whole text follows as its comment, headed by the report's
    /// first line (`Poller: LEAKED, held by \`task\``).
    private static func recordedBySwiftTesting(_ text: String, warning: Bool, at site: CallSite) -> Bool {
        #if canImport(Testing)
        guard Test.current != nil else { return false }
        Issue.record(Comment(rawValue: text), severity: warning ? .warning : .error, sourceLocation: site.sourceLocation)
        return true
        #else
        return false
        #endif
    }
}
