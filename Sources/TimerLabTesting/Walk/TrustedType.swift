/// Tells a metadata word read from the heap (an object's first word, an existential's type)
/// that is real type metadata from one that only looks like it, before anything reads it as
/// metadata: a word read from an object replaced meanwhile may be anything.
///
/// Metadata is read here only through the fault-tolerant reader, and a word is believed only
/// when what it points to has the shape of its kind and, for a nominal type, names a type
/// descriptor inside an image the dynamic linker loaded (descriptors are never on the heap).
/// Metadata is never freed, so a word once believed is believed for good.
enum TrustedType {
    private static let believed = BelievedWords()

    /// What the walk makes of a type.
    enum TypeKind: UInt, Equatable {
        case classType = 0
        case other = 1
    }

    /// The type `word` is the metadata of, or `nil` when it is not believed to be any.
    static func type(_ word: UInt, depth: Int = 0) -> Any.Type? {
        kindAndType(word, depth: depth)?.type
    }

    /// The class `word` is the metadata of, or `nil`.
    static func classType(_ word: UInt) -> Any.Type? {
        guard let (kind, type) = kindAndType(word, depth: 0), kind == .classType else { return nil }
        return type
    }

    private static func kindAndType(_ word: UInt, depth: Int) -> (kind: TypeKind, type: Any.Type)? {
        guard word != 0, word & 0x7 == 0 else { return nil }
        if let known = believed.value(of: word).flatMap(TypeKind.init(rawValue:)) {
            return (known, unsafeBitCast(word, to: Any.Type.self))
        }
        guard depth < 8, let kind = check(word, depth: depth) else { return nil }
        believed.tell(word, kind.rawValue)
        return (kind, unsafeBitCast(word, to: Any.Type.self))
    }

    private static func check(_ word: UInt, depth: Int) -> TypeKind? {
        guard let kind = RawMemory.word(at: word) else { return nil }
        if Self.isClassKind(kind) {
            // A class's metadata: its description at `classDescriptionOffset`, a class's (kind 16).
            guard let description = RawMemory.word(at: word + UInt(FieldRecords.classDescriptionOffset)),
                isDescriptor(description, kinds: [16])
            else { return nil }
            return .classType
        }
        switch kind {
        case 0x200: return nominal(word, kinds: [17])
        case 0x201, 0x202: return nominal(word, kinds: [18])
        case 0x300, 0x302, 0x303, 0x304, 0x306: return .other
        case 0x301: return tuple(word, depth: depth)
        default: return nil
        }
    }

    /// Whether a metadata word's first word is a class's: exactly 0 (`MetadataKind::Class`) where
    /// there is no Objective-C runtime. An object's first word, its isa, is an address, so an
    /// object is never taken for its class.
    private static func isClassKind(_ kind: UInt) -> Bool {
        #if _runtime(_ObjC)
        return MetadataKind.isClass(kind)
        #else
        return kind == 0
        #endif
    }

    /// A struct's or enum's metadata: its description, right after its kind, is one of `kinds`.
    private static func nominal(_ word: UInt, kinds: Set<UInt32>) -> TypeKind? {
        guard let description = RawMemory.word(at: word + 8), isDescriptor(description, kinds: kinds) else { return nil }
        return .other
    }

    /// A tuple's metadata: a small count, and each element's type believed.
    private static func tuple(_ word: UInt, depth: Int) -> TypeKind? {
        guard let count = RawMemory.word(at: word + 8), count <= 64 else { return nil }
        for index in 0..<count {
            guard let element = RawMemory.word(at: word + 24 + index * 16), type(element, depth: depth + 1) != nil else { return nil }
        }
        return .other
    }

    /// Whether `address` is a context descriptor of one of `kinds`, inside a loaded image.
    private static func isDescriptor(_ address: UInt, kinds: Set<UInt32>) -> Bool {
        guard address & 0x3 == 0, RawMemory.isInLoadedImage(address), let flags = RawMemory.word(at: address) else { return false }
        return kinds.contains(UInt32(truncatingIfNeeded: flags) & 0x1F)
    }
}
