import Dispatch
import Foundation
import Synchronization
import Testing

@testable import TimerLabTesting

/// A class with one field of each strength and storage the walk reads differently.
private final class Fields: @unchecked Sendable {
    final class Parent {}
    var strong = Parent()
    weak var weakParent: Parent?
    unowned let unownedParent: Parent
    unowned(unsafe) let unsafeParent: Parent
    let counter = Atomic<Int>(0)
    let state = Mutex<Int>(0)
    var nothing: Void = ()

    init(parent: Parent) {
        unownedParent = parent
        unsafeParent = parent
    }
}

/// A class with a field of each holder type, optional or not, a constant, and fields that are none.
private final class HolderFields {
    var timer: Timer?
    var source: (any DispatchSourceTimer)?
    var task: Task<Void, Never>?
    var fetch: Task<Int, any Error>?
    let item = DispatchWorkItem {}
    var count = 0
    var callback: () -> Void = {}
    var timers: [Timer] = []
}

/// A type named so that its mangled name spells `XB` inside an identifier.
private struct XBox {}

/// Block-typed fields in every wrapping, and a look-alike that is none.
private final class Blocks {
    var alone: @convention(block) () -> Void = {}
    var optional: (@convention(block) () -> Void)?
    var array: [@convention(block) () -> Void] = []
}

private final class NoBlocks {
    var box = XBox()
    var closure: () -> Void = {}
}

/// `FieldRecords` and `MangledName` read the compiler's field records: names in `Mirror`'s
/// order, which fields hold nothing strongly, where each sits, and which name a block.
struct FieldRecordsTests {
    @Test func aHolderTypedFieldIsToldFromItsNameAndAVarFromItsFlags() throws {
        let fields = try #require(FieldRecords.fields(of: HolderFields.self))
        let holders = fields.filter(\.typeName.namesHolderType).map(\.name)
        #expect(holders == ["timer", "source", "task", "fetch", "item"])
        #expect(fields.filter(\.isVar).map(\.name) == ["timer", "source", "task", "fetch", "count", "callback", "timers"])
    }

    @Test func fieldsAreListedInOrderWithTheirStrength() throws {
        let fields = try #require(FieldRecords.fields(of: Fields.self))
        #expect(fields.map(\.name) == ["strong", "weakParent", "unownedParent", "unsafeParent", "counter", "state", "nothing"])
        #expect(fields.map(\.isStrong) == [true, false, false, false, true, true, true])
        #expect(fields.map(\.typeName.isWeak) == [false, true, false, false, false, false, false])
        #expect(fields.map(\.typeName.isVoid) == [false, false, false, false, false, false, true])
        #expect(fields.count == Mirror(reflecting: Fields(parent: .init())).children.count)
    }

    @Test func offsetsAreWhereTheFieldsSit() throws {
        let offsets = try #require(FieldRecords.offsets(ofClass: Fields.self))
        #expect(offsets.count == 7)
        #expect(offsets.first == 2 * MemoryLayout<Int>.size)  // after the isa and the reference counts
        // The stored fields in order; a field of no size (`nothing`) sits at 0.
        #expect(offsets.dropLast() == offsets.dropLast().sorted() && offsets.last == 0)
        #expect(FieldRecords.offsets(ofClass: XBox.self) == nil)
    }

    @Test func aBlockIsFoundInEveryWrappingButNotInAName() throws {
        let blocks = try #require(FieldRecords.fields(of: Blocks.self))
        #expect(blocks.map(\.typeName.mentionsBlock) == [true, true, true])
        let none = try #require(FieldRecords.fields(of: NoBlocks.self))
        #expect(none.map(\.typeName.mentionsBlock) == [false, false])
    }

    @Test func noRecordsForAnEnumOrATuple() {
        #expect(FieldRecords.fields(of: Optional<Int>.self) == nil)
        #expect(FieldRecords.fields(of: (Int, Int).self) == nil)
    }
}
