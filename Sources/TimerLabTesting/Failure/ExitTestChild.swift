import Foundation

#if canImport(Testing)
import Testing
#endif

/// A failing check inside a Swift Testing exit test's child process: it ends the child with a
/// failure status and the whole report on standard error, whichever form was called.
///
/// There, no test is current (`Test.current` is nil), so a recorded issue would fall to XCTest's
/// `XCTFail`, which drops it outside an XCTest test, and the child would exit 0: the parent's
/// `.success` would pass a leak. And an error thrown out of an exit test's body ends the child
/// with SIGILL and nothing on standard error (Swift Testing 6.3.1): a leak would read like a crash.
enum ExitTestChild {
    /// Whether this process is running an exit test's body.
    static var isCurrent: Bool {
        #if canImport(Testing) && (os(Linux) || os(macOS) || os(Windows) || os(FreeBSD) || os(OpenBSD))
        return ExitTest.current != nil
        #else
        return false
        #endif
    }

    /// In an exit test's child: writes `text`, where the check was called, to standard error and
    /// ends the process with `EXIT_FAILURE`. Elsewhere: returns.
    static func failIfCurrent(_ text: String, at site: CallSite) {
        guard isCurrent else { return }
        FileHandle.standardError.write(Data("error: \(site.fileID):\(site.line): \(text)\n".utf8))
        exit(EXIT_FAILURE)
    }
}
