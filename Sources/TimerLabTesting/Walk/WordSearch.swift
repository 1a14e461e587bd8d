/// A breadth-first search through memory, word by word, for the way from one address to a word
/// that holds another: how a calibration finds where a runtime or a library keeps something.
/// It searches from two starts at once, step by step the same way, and a way counts only if it
/// leads from each start to its own target: two things of the same kind, laid out alike.
enum WordSearch {
    /// How many words of each block it reads, and how many pairs of blocks in all.
    static let wordsPerBlock = 24
    static let blockLimit = 16_384

    /// The word offsets that lead from `start.0` to a word equal to `target.0` and from `start.1`
    /// to one equal to `target.1`, at most `depth` steps; the shortest.
    /// `firstWords`: how many words of the starts to read (their size, where it is known).
    static func path(from start: (UInt, UInt), to target: (UInt, UInt), depth: Int, firstWords: Int = wordsPerBlock) -> [Int]? {
        var frontier: [(first: UInt, second: UInt, path: [Int])] = [(start.0, start.1, [])]
        var seen: Set<[UInt]> = [[start.0, start.1]]
        for level in 0..<depth {
            var next: [(first: UInt, second: UInt, path: [Int])] = []
            let count = level == 0 ? min(firstWords, 64) : wordsPerBlock
            for (first, second, path) in frontier {
                for (index, (one, other)) in zip(words(at: first, count: count), words(at: second, count: count)).enumerated() {
                    if one == target.0, other == target.1 { return path + [index * 8] }
                    // The same word in both leads to something the two share, never to two markers.
                    guard one != other, RawMemory.isPointer(one), RawMemory.isPointer(other), seen.count < blockLimit,
                        seen.insert([one, other]).inserted
                    else { continue }
                    next.append((one, other, path + [index * 8]))
                }
            }
            frontier = next
        }
        return nil
    }

    /// The first `count` words at `address` (one read), or as many as can be read one by one.
    private static func words(at address: UInt, count: Int) -> [UInt] {
        if let bytes = RawMemory.bytes(at: address, count: count * 8) {
            return bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
        }
        var words: [UInt] = []
        while words.count < count, let word = RawMemory.word(at: address + UInt(words.count * 8)) { words.append(word) }
        return words
    }
}
