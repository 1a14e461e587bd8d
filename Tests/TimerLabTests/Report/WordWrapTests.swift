import Testing

@testable import TimerLab

/// The plain-text layout every report and help text shares: lines broken at spaces, and cells
/// padded to a column.
@Suite struct WordWrapTests {
    @Test func aCellIsFilledWithSpacesToItsColumn() {
        #expect(WordWrap.padded("owner", to: 8) == "owner   ")
        #expect(WordWrap.padded("", to: 2) == "  ")
    }

    @Test func aCellWiderThanItsColumnIsCut() {
        #expect(WordWrap.padded("strong-target", to: 6) == "strong")
        #expect(WordWrap.padded("exact", to: 5) == "exact")
    }

    /// A column is counted in characters, as a terminal shows them: "é" written as "e" and a
    /// combining accent is one, where UTF-16 counts two.
    @Test func aColumnCountsCharactersNotUTF16Units() {
        let combined = "cafe\u{301}"
        #expect(WordWrap.padded(combined, to: 6) == combined + "  ")
        #expect(WordWrap.padded("⏱ tick", to: 8).count == 8)
    }

    @Test func linesBreakBetweenWordsAtTheWidth() {
        #expect(WordWrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(WordWrap.lines("unbreakable-word here", width: 5) == ["unbreakable-word", "here"])
        #expect(WordWrap.lines("first line longer", width: 12, firstWidth: 5) == ["first", "line longer"])
    }
}
