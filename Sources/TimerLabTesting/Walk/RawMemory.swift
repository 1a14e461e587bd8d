import Synchronization
import TimerLabHarness

/// Reads the checked object's memory as a memory-graph debugger reads a process: bytes copied
/// through the seam's fault-tolerant reader (`SystemSeam.readBytes`), never through a Swift
/// reference, so that nothing is retained or released while walking.
///
/// Why: the object's own queue, lock or task may replace a property at any moment. Loading that
/// property as Swift does (a retain) races the writer's release, and a lost race is a
/// use-after-free in the user's process. A copy of bytes races nothing: at worst it is stale,
/// and the walk checks what it read (`TrustedType`, and the reference read again) before it
/// believes it. The only references the walk ever takes are claims (`claim`): one atomic step
/// that succeeds only on an object alive at that moment.
enum RawMemory {
    /// The most bytes one read copies: an object's instance, or a collection's elements.
    static let readLimit = 1 << 20

    /// `count` bytes at `address`, or `nil` when they cannot all be read.
    static func bytes(at address: UInt, count: Int) -> [UInt8]? {
        guard count >= 0, count <= readLimit else { return nil }
        return SystemSeam.readBytes(at: address, count: count)
    }

    /// The word at `address`, or `nil`.
    static func word(at address: UInt) -> UInt? {
        SystemSeam.readWord(at: address)
    }

    /// Whether this process can read itself so (Linux's `process_vm_readv`, which some sandboxes
    /// refuse): where it cannot, the walk reads nothing below the object and says so.
    static let isAvailable: Bool = {
        var probe: UInt = 0x7469_6D65_726C_6162
        return withUnsafePointer(to: &probe) { word(at: UInt(bitPattern: $0)) } == 0x7469_6D65_726C_6162
    }()

    /// The strong reference count of the heap object at `address`, read from its count word
    /// (inline, or in its side table: swiftlang/swift's `RefCount.h`); `nil` when it cannot be
    /// read or the object is being deinitialized. An immortal object counts as `Int.max`.
    static func strongCount(at address: UInt) -> Int? {
        guard var bits = word(at: address + 8) else { return nil }
        if bits >> 62 == 3 {
            let side = (bits & ((1 << 62) - 1)) << 3
            // The side table's entry: the object, then (16-byte aligned) the same word and the weak count.
            guard word(at: side) == address, let inSide = word(at: side + 16) else { return nil }
            bits = inSide
        } else if bits >> 63 == 1 {
            return Int.max
        }
        if bits & 0xFFFF_FFFF == 0xFFFF_FFFF { return Int.max }
        guard bits & (1 << 32) == 0 else { return nil }
        return Int((bits >> 33) & 0x3FFF_FFFF) + 1
    }

    /// The object a native `weak` reference's word refers to (the word is its side table, whose
    /// first word names the object), if that object is alive and not being deinitialized.
    static func weakReferent(_ reference: UInt) -> UInt? {
        guard reference != 0, reference & 0x7 == 0, let object = word(at: reference), object != 0,
            let bits = word(at: reference + 16), bits & (1 << 32) == 0
        else { return nil }
        return object
    }

    /// A strong reference to the object at `address` whose first word is `isa`, taken only if it
    /// is alive there when taken (`SystemSeam.claimObject`). Holders are taken so, and only they:
    /// a handle must watch and may stop a holder, which needs a reference, and the claim is the
    /// one way to take one that cannot race the owner's own release.
    static func claim(_ address: UInt, isa: UInt) -> AnyObject? {
        SystemSeam.claimObject(at: address, isa: isa)
    }

    /// The address of `object`, which the caller keeps alive: where its bytes are read.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// Whether `word` may be a heap pointer: past the first page, and aligned as an allocation is.
    static func isPointer(_ word: UInt) -> Bool {
        word > 0xFFFF && word & 7 == 0
    }

    /// The first word of the object at `address`: its class's metadata.
    static func isa(of address: UInt) -> UInt? {
        word(at: address)
    }

    /// Whether `address` lies in an image the dynamic linker loaded (a type descriptor always
    /// does): what tells a metadata word read from the heap from one that only looks like it.
    static func isInLoadedImage(_ address: UInt) -> Bool {
        SystemSeam.isInLoadedImage(address)
    }
}
