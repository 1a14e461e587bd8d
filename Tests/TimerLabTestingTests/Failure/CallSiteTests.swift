import Testing

@testable import TimerLabTesting

/// A check's location: what the compiler gives is kept as given (its path still the
/// `StaticString` XCTest's `XCTFail` takes), a `SourceLocation` passed on is kept, and a value
/// Swift Testing's `SourceLocation` would trap on is made to fit instead.
struct CallSiteTests {
    @Test func whatTheCompilerGivesIsKeptAsGiven() {
        let site = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        #expect(site.fileID == "TimerLabTestingTests/CallSiteTests.swift")
        #expect(site.filePath.hasSuffix("/Tests/TimerLabTestingTests/Failure/CallSiteTests.swift"))
        #expect(site.staticFilePath.map { "\($0)" } == site.filePath)
        #expect(site.sourceLocation.fileID == site.fileID)
        #expect(site.sourceLocation.line == site.line)
        #expect(site.sourceLocation.column == site.column)
    }

    @Test func aSourceLocationPassedOnIsKeptWithoutAStaticPath() {
        let location = SourceLocation(fileID: "App/Feed.swift", filePath: "/src/App/Feed.swift", line: 12, column: 5)
        let site = CallSite(location)
        #expect(site.sourceLocation == location)
        #expect(site.staticFilePath == nil)
    }

    /// XCTest helpers pass line 0 for "unknown"; a hand-written file ID may lack its module.
    @Test(arguments: [("", UInt(0), UInt(0)), ("Feed.swift", 0, 3), ("App/Feed.swift", 7, 0)])
    func aValueSourceLocationWouldTrapOnIsMadeToFit(_ fileID: String, _ line: UInt, _ column: UInt) {
        let location = CallSite(fileID: fileID, filePath: "/src/Feed.swift", line: line, column: column).sourceLocation
        #expect(location.fileID.contains("/"))
        #expect(location.fileID.hasSuffix(fileID.isEmpty ? "unknown" : fileID))
        #expect(location.line == max(Int(line), 1))
        #expect(location.column == max(Int(column), 1))
    }

    @Test func aLineBeyondIntIsClampedNotTrappedOn() {
        #expect(CallSite(fileID: "App/Feed.swift", filePath: "/src/Feed.swift", line: .max, column: .max).line == .max)
    }
}
