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

    @Test func objectsInsideASharedOneAreCountedUnderItAndItsHandleIsTheOwnProperty() {
        let places = NotExamined(variables: ["close.promise.futureResult", "close.promise.futureResult.eventLoop", "clock"])
        #expect(places.sharedObjects == ["close.promise.futureResult", "clock"])
        #expect(places.sharedHandles == ["close", "clock"])
        #expect(places.lines.count == 2, "\(places.lines)")
        #expect(places.lines[0].hasPrefix("`close.promise.futureResult`'s variables (and those of 1 object inside it): "))
        #expect(NotExamined(variables: ["timers[\"utc\"].clock"]).sharedHandles == ["timers"])
        #expect(NotExamined.ownProperty(of: "state(.running).source") == "state")
        #expect(NotExamined.ownProperty(of: "super.timer.userInfo") == "super.timer")
        #expect(NotExamined.ownProperty(of: "flushTask") == "flushTask")
    }
}
