import Testing

/// Where a check was called, for its failure: as the compiler fills in `#fileID`, `#filePath`,
/// `#line` and `#column` at the call, or as a helper passes its own caller's Swift Testing
/// `SourceLocation` on.
///
/// Four plain values, not a macro: a default argument's macro is expanded in the caller's file,
/// which would then need the macro's plugin to build, an XCTest file's too.
package struct CallSite: Sendable {
    package let fileID: String
    package let filePath: String
    package let line: Int
    package let column: Int
    /// The path as the compiler gave it, for XCTest's `XCTFail`, which takes no other kind of
    /// string; `nil` for a location passed on as a `SourceLocation`.
    package let staticFilePath: StaticString?

    /// A location the compiler filled in (or a caller gave in the same four parts).
    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.init(fileID: "\(fileID)", filePath: filePath, line: line, column: column)
    }

    /// A location whose file ID is a `String`, as 0.3's entry points took it.
    package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = "\(filePath)"
        self.line = Int(clamping: line)
        self.column = Int(clamping: column)
        staticFilePath = filePath
    }

    /// The site of `Lifetime.check`, which records nothing and so takes no location: its own.
    static let unrecorded = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)

    /// A location a Swift Testing helper passes on.
    package init(_ location: SourceLocation) {
        (fileID, filePath, line, column) = (location.fileID, location.filePath, location.line, location.column)
        staticFilePath = nil
    }

    /// The location as Swift Testing's `SourceLocation`, for an issue or an attachment.
    ///
    /// `SourceLocation` traps on a file ID without a module (`Module/File.swift`) and on a line or
    /// column below 1. The compiler never gives those, but a caller may (XCTest's helpers pass
    /// line 0 for "unknown"): such a value is made to fit, a missing module as `_`, never trapped on.
    package var sourceLocation: SourceLocation {
        let id = fileID.contains("/") ? fileID : "_/\(fileID.isEmpty ? "unknown" : fileID)"
        return SourceLocation(fileID: id, filePath: filePath, line: max(line, 1), column: max(column, 1))
    }
}
