import Testing

@testable import TimerLabTesting

/// Runs of like holders in one collection are one row; anything else keeps its own.
@Suite struct CollapsedRowsTests {
    @Test func consecutiveElementsCollapseAndOthersStand() {
        let paths = ["sources[0]", "sources[1]", "sources[2]", "timer", "timers[\"utc\"]", "timers[\"gmt\"]", "sources[3]"]
        #expect(CollapsedRows.paths(paths) == ["sources[0…2]", "timer", "timers[\"utc\"]", "timers[\"gmt\"]", "sources[3]"])
        #expect(CollapsedRows.paths(["one[0]"]) == ["one[0]"])
        #expect(CollapsedRows.paths([]) == [])
    }
}
