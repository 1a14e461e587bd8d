import CAllocator
import Testing

/// A claim changes a count word only while it holds exactly a live, non-deiniting count, and
/// only the object's own (inline, or in the side table its count word names): tried on objects
/// laid out by hand in memory the test owns, so nothing real is retained or freed.
@Suite struct ClaimTests {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
    static let isa: UInt = 0xA11C_E000
    static let strongOne: UInt = 1 << 33

    /// A fake object: its isa, then its count word; and a fake side table entry after it.
    final class Fake {
        let words = UnsafeMutablePointer<UInt>.allocate(capacity: 8)
        init(bits: UInt) {
            words.initialize(repeating: 0, count: 8)
            words[0] = ClaimTests.isa
            words[1] = bits
        }
        var object: UnsafeRawPointer { UnsafeRawPointer(words) }
        /// The side table entry at words 4 to 6 (16-byte aligned), naming `named`, keeping `bits`.
        func sideTable(naming named: UnsafeRawPointer, bits: UInt) -> UInt {
            words[4] = UInt(bitPattern: named)
            words[6] = bits
            return (3 << 62) | (UInt(bitPattern: words + 4) >> 3)
        }
        deinit { words.deallocate() }
    }

    @Test func aLiveObjectIsClaimedWithOneMoreStrongReference() {
        let fake = Fake(bits: 3)
        #expect(timerlab_claim_strong(fake.object, Self.isa) == 1)
        #expect(fake.words[1] == 3 + Self.strongOne)
    }

    @Test func anotherClassThereIsNotClaimedAndNothingChanges() {
        let fake = Fake(bits: 3)
        #expect(timerlab_claim_strong(fake.object, Self.isa + 8) == 0)
        #expect(fake.words[1] == 3)
    }

    @Test func aDeinitingObjectIsNotClaimedAndNothingChanges() {
        let fake = Fake(bits: 3 | (1 << 32))
        #expect(timerlab_claim_strong(fake.object, Self.isa) == 0)
        #expect(fake.words[1] == 3 | (1 << 32))
    }

    @Test func anImmortalObjectNeedsNoReference() {
        let fake = Fake(bits: 0xFFFF_FFFF)
        #expect(timerlab_claim_strong(fake.object, Self.isa) == 2)
        #expect(fake.words[1] == 0xFFFF_FFFF)
    }

    @Test func aSideTablesCountIsTheOneChanged() {
        let fake = Fake(bits: 0)
        fake.words[1] = fake.sideTable(naming: fake.object, bits: Self.strongOne)
        let inline = fake.words[1]
        #expect(timerlab_claim_strong(fake.object, Self.isa) == 1)
        #expect(fake.words[6] == 2 * Self.strongOne && fake.words[1] == inline && fake.words[5] == 0)
    }

    @Test func aSideTableNamingAnotherObjectIsNotClaimed() {
        let (fake, other) = (Fake(bits: 0), Fake(bits: 3))
        fake.words[1] = fake.sideTable(naming: other.object, bits: Self.strongOne)
        #expect(timerlab_claim_strong(fake.object, Self.isa) == 0)
        #expect(fake.words[6] == Self.strongOne)
    }

    @Test func anUnreadableAddressIsNotClaimed() {
        #expect(timerlab_claim_strong(UnsafeRawPointer(bitPattern: 0x10), Self.isa) == 0)
    }
    #endif
}
