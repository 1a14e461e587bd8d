import Testing

@testable import TimerLabTesting

/// A path made into the `StaticString` XCTest's `XCTFail` takes reads back as the same path, its
/// bytes and its ASCII-ness included, and is made once per path.
struct StaticFilePathTests {
    @Test(arguments: ["/work/Tests/FeedTests.swift", "/tmp/ünïcode/Ticker Tests.swift", ""])
    func aPathReadsBackTheSame(_ path: String) {
        let made = StaticFilePath.of(path)
        #expect("\(made)" == path)
        #expect(made.utf8CodeUnitCount == path.utf8.count)
        #expect(made.hasPointerRepresentation)
        #expect(made.isASCII == path.utf8.allSatisfy { $0 < 0x80 })
        #expect(made.withUTF8Buffer { Array($0) } == Array(path.utf8))
    }

    @Test func aPathIsMadeOnce() {
        let path = "/work/Tests/Once.swift"
        #expect(StaticFilePath.of(path).utf8Start == StaticFilePath.of(path).utf8Start)
    }
}
