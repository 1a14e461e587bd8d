import Testing

@testable import TimerLabTesting

/// A report's rows fit a terminal: wrapped under the text column, long paths after their dots,
/// a label's entries counted past a few, and nothing lost on the way.
@Suite struct RowLayoutTests {
    @Test func aShortEntryIsOneLineUnderItsLabel() {
        let lines = RowLayout.lines("fix", ["capture [weak self]"])
        #expect(lines == ["  fix" + String(repeating: " ", count: RowLayout.labelWidth - 3) + "capture [weak self]"])
    }

    @Test func aLongEntryWrapsAtSpacesWithinTheWidthAndLosesNoWord() {
        let words = (0..<80).map { "word\($0)" }
        let lines = RowLayout.lines("fix", [words.joined(separator: " ")])
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= RowLayout.width }, "\(lines)")
        // Every next line hangs two columns in from the text, so it is told from a next entry.
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26)) && $0.dropFirst(26).first != " " })
        let rejoined = lines.map { $0.trimmingCharacters(in: " ") }.joined(separator: " ").split(separator: " ").dropFirst()
        #expect(rejoined.map(String.init) == words)
    }

    @Test func aPathOfSixtyLinksBreaksAfterItsDots() {
        let path = "`head" + String(repeating: ".next", count: 60) + "`"
        let lines = RowLayout.lines("capturing closure", [path + " (a closure Node keeps)"])
        #expect(lines.allSatisfy { $0.count <= RowLayout.width }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(".") }, "\(lines)")
        let rejoined = lines.map { $0.trimmingCharacters(in: " ") }.joined()
        #expect(rejoined.contains(path), "\(lines)")
    }

    @Test func entriesPastTheFewShownAreCounted() {
        let entries = (0..<12).map { "`task\($0)` (Task): still running after release" }
        let lines = RowLayout.lines("holders", entries)
        #expect(lines.count == RowLayout.entriesShown)
        #expect(lines.last?.hasSuffix("… and 9 more like these") == true, "\(lines)")
        #expect(RowLayout.lines("holders", Array(entries.prefix(RowLayout.entriesShown))).count == RowLayout.entriesShown)
        #expect(RowLayout.lines("holders", []).isEmpty)
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
