import TimerLabTesting
import XCTest

// Every deprecated name of TimerLabXCTest, by the release that deprecated it, each forwarding to
// the name that replaced it (CHANGELOG.md). A name goes in the minor release after next.

// MARK: Deprecated in 0.4

extension XCTestCase {
    /// `trackForLeaks(_:with:fileID:filePath:line:column:isolation:)`, with its patience alone,
    /// `file:` where every other entry point says `filePath:`, and the file ID a `String`.
    @available(
        *, deprecated, message: "give the patience as one LifetimeDefaults: trackForLeaks(object, with: LifetimeDefaults(patience: .zero))"
    )
    @_disfavoredOverload
    public func trackForLeaks(
        _ object: AnyObject, patience: Duration? = nil,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) {
        trackForLeaks(
            object, with: LifetimeDefaults(patience: patience), site: CallSite(fileID: fileID, filePath: file, line: line, column: column),
            isolation: isolation)
    }
}
