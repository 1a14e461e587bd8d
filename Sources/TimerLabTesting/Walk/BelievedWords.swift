import Synchronization

/// The metadata words `TrustedType` believes, each with its kind, read by every walk at once
/// with no lock: an open-addressed table of atomic words, each written once, never removed.
///
/// Why not a dictionary behind a `Mutex`: every word a walk meets is looked up here, and checks
/// and searches walk side by side on many threads. In a test suite on two cores, thirty-six
/// searches stood in the `Mutex`'s slow path at once (a lock convoy: a holder preempted, every
/// other thread asleep in the kernel), and a search of 2 ms alone took 4 s. A table full around
/// a word sends it to `overflow`, which is then asked too.
final class BelievedWords: @unchecked Sendable {
    /// `@unchecked Sendable`: `slots` is allocated once, never freed, and each slot is only ever
    /// read and written through its `Atomic`; `overflow` is a `Mutex`.
    private let slots: UnsafeMutablePointer<Atomic<UInt>>
    private static let count = 1 << 15
    /// How many slots a lookup looks at, at most, from the word's own.
    private static let probes = 32
    private let overflowed = Atomic<Bool>(false)
    private let overflow = Mutex<[UInt: UInt]>([:])

    init() {
        slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: Self.count)
        for index in 0..<Self.count { (slots + index).initialize(to: Atomic(0)) }
    }

    /// What was told of `word` (a value below 4), or `nil` if nothing was.
    func value(of word: UInt) -> UInt? {
        var index = Self.home(of: word)
        for _ in 0..<Self.probes {
            let slot = slots[index].load(ordering: .acquiring)
            if slot == 0 { return lookedUpInOverflow(word) }
            if slot & ~7 == word { return (slot >> 1) & 3 }
            index = (index + 1) & (Self.count - 1)
        }
        return lookedUpInOverflow(word)
    }

    /// Tells `word` (8-byte aligned) as `value` (below 4), for good: the first telling stands.
    func tell(_ word: UInt, _ value: UInt) {
        let entry = word | value << 1 | 1
        var index = Self.home(of: word)
        for _ in 0..<Self.probes {
            let (stored, found) = slots[index].compareExchange(expected: 0, desired: entry, ordering: .acquiringAndReleasing)
            if stored || found & ~7 == word { return }
            index = (index + 1) & (Self.count - 1)
        }
        overflow.withLock { if $0[word] == nil { $0[word] = value } }
        overflowed.store(true, ordering: .releasing)
    }

    private func lookedUpInOverflow(_ word: UInt) -> UInt? {
        overflowed.load(ordering: .acquiring) ? overflow.withLock { $0[word] } : nil
    }

    /// A word's first slot: its bits mixed (Fibonacci hashing), so metadata laid out side by side spreads.
    private static func home(of word: UInt) -> Int {
        Int(truncatingIfNeeded: ((word >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 49) & (count - 1)
    }
}
