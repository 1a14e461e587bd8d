import Testing

@testable import TimerLabTesting

/// The table of believed words: what is told is read back, the first telling stands, a word
/// never told is not found, and words past a full table are kept all the same.
@Suite struct BelievedWordsTests {
    @Test func aWordToldIsReadBackAndItsFirstTellingStands() {
        let table = BelievedWords()
        #expect(table.value(of: 0x7000_1000) == nil)
        table.tell(0x7000_1000, 1)
        table.tell(0x7000_1008, 0)
        table.tell(0x7000_1000, 0)
        #expect(table.value(of: 0x7000_1000) == 1)
        #expect(table.value(of: 0x7000_1008) == 0)
        #expect(table.value(of: 0x7000_1010) == nil)
    }

    /// More words than the table has slots: those it cannot place are kept apart, and every
    /// one is found with its own value.
    @Test func wordsPastAFullTableAreKept() {
        let table = BelievedWords()
        let words = (1...40_000).map { UInt($0) << 4 }
        for (index, word) in words.enumerated() { table.tell(word, UInt(index % 2)) }
        #expect(words.enumerated().allSatisfy { table.value(of: $1) == UInt($0 % 2) })
        #expect(table.value(of: 40_001 << 4) == nil)
    }
}
