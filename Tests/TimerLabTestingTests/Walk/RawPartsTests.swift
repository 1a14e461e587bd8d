import Foundation
import Testing

@testable import TimerLabTesting

/// Each layout the walk decodes from bytes and metadata alone, found by the holder it leads to:
/// the path says the decoding was right (a case's name, a key, an element's place).
@Suite struct RawPartsTests {
    static func timer() -> Timer { Timer(timeInterval: 3600, repeats: true) { _ in } }

    final class Held: Hashable, @unchecked Sendable {
        let timer = RawPartsTests.timer()
        static func == (left: Held, right: Held) -> Bool { left === right }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    indirect enum Nested {
        case leaf(Timer)
        case node(Nested)
    }

    enum Two {
        case first(Timer)
        case second(Timer, Int)
        case none
    }

    struct Small {
        let timer = RawPartsTests.timer()
    }

    struct Large {
        let padding = (1, 2, 3, 4)
        let timer = RawPartsTests.timer()
    }

    struct Failure: Error {
        let code = 1
    }

    final class Shapes: @unchecked Sendable {
        var set: Set<Held> = [Held()]
        var byNumber: [Int: Timer] = [7: RawPartsTests.timer()]
        var byFlag: [Bool: Timer] = [true: RawPartsTests.timer()]
        var byLongName: [String: Timer] = ["a key longer than fifteen bytes": RawPartsTests.timer()]
        var nested = Nested.node(.leaf(RawPartsTests.timer()))
        var two = Two.second(RawPartsTests.timer(), 3)
        var pair: (first: Timer, count: Int) = (RawPartsTests.timer(), 1)
        var inline: Any = Small()
        var boxed: Any = Large()
        var anyObject: AnyObject? = Held()
        var contiguous: ContiguousArray<Timer> = [RawPartsTests.timer()]
        var failure: (any Error)? = Failure()
        var empty: [String: Timer] = [:]
    }

    @Test func everyLayoutLeadsToItsHolderByItsPath() {
        let walk = PropertyWalk(Shapes())
        let paths = Set(walk.holders.map(\.path))
        let expected: Set = [
            "set[0].timer", "byNumber[7]", "byFlag[true]", "byLongName[\"a key longer than fifteen bytes\"]",
            "nested(.node)(.leaf)", "two(.second).0", "pair.first", "inline.timer", "boxed.timer", "anyObject.timer",
            "contiguous[0]",
        ]
        #expect(paths == expected, "\(paths.symmetricDifference(expected))")
        // An error's box is not read: named, never guessed.
        #expect(walk.notExamined.storage == ["failure"], "\(walk.notExamined)")
    }

    @Test func aNilOptionalOfAHolderTypeIsUnset() {
        final class Unset: @unchecked Sendable {
            var timer: Timer?
            var task: Task<Int, Never>?
            var item: DispatchWorkItem?
        }
        let walk = PropertyWalk(Unset())
        #expect(walk.unset == ["timer (Timer)", "task (Task)", "item (DispatchWorkItem)"])
    }

    /// Only what the walk believes is metadata is ever read as metadata. (The results are
    /// compared as Booleans: a type believed by mistake must not be printed.)
    @Test func aMetadataWordIsBelievedOnlyForWhatItIs() {
        let tuple = TrustedType.type(TypeLayout.word((Int, String).self)) != nil
        let optional = TrustedType.type(TypeLayout.word(Int?.self)) != nil
        let someClass = TrustedType.classType(TypeLayout.word(Held.self)) != nil
        let structAsClass = TrustedType.classType(TypeLayout.word(Int.self)) != nil
        let nothing = TrustedType.type(0x10) != nil || TrustedType.type(TypeLayout.word(Int.self) + 4) != nil
        let objects = (0..<64).map { _ in Held() }
        let objectAsMetadata = objects.contains { TrustedType.type(UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque())) != nil }
        #expect(tuple && optional && someClass)
        #expect(!structAsClass, "a struct is no class")
        #expect(!nothing, "no metadata there")
        #expect(!objectAsMetadata, "an object is never taken for metadata")
    }

    /// Keys of other types than strings, numbers and Booleans are named by their bucket: the
    /// walk runs no `description` of the user's.
    @Test func aKeyOfAnotherTypeIsNamedByItsBucket() {
        struct Zone: Hashable {
            let name: String
        }
        final class Zones: @unchecked Sendable {
            var byZone: [Zone: Timer] = [Zone(name: "utc"): RawPartsTests.timer()]
            var byCode: [Int32: Timer] = [-3: RawPartsTests.timer()]
            var byID: [UInt: Timer] = [9: RawPartsTests.timer()]
        }
        let paths = PropertyWalk(Zones()).holders.map(\.path)
        #expect(paths.contains { $0.hasPrefix("byZone[#") }, "\(paths)")
        #expect(paths.contains("byCode[-3]") && paths.contains("byID[9]"), "\(paths)")
    }
}
