import Testing

@testable import TimerLabTesting

/// What a walk did not look into, in the report's words: each place once, the bound first.
@Suite struct NotExaminedTests {
    @Test func storageMetInManyObjectsIsNamedOnceInTheOrderMet() {
        let places = NotExamined(bound: nil, storage: ["header", "state", "header", "header"], variables: ["loop"])
        let lines = places.lines
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].hasPrefix("`header`: storage"))
        #expect(lines[1].hasPrefix("`state`: storage"))
        #expect(lines[2].hasPrefix("`loop`'s variables"))
    }
}
