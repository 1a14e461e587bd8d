/// What a live Swift object refers to strongly, each reference spelled as Swift code reaches it
/// from the object (`refreshers[0]`, `entries["avatar"]`, `onChange`), read from memory as bytes.
struct ObjectReferences {
    /// How many levels of structs, optionals and collections inside one property are read.
    static let valueDepth = 4

    /// Where the files (the images) and the program's own images lie.
    let layout: ImageLayout
    /// What `isImageClass` told of each class word met, so each is read once a search.
    private var classes: [UInt: Bool] = [:]

    init(layout: ImageLayout) {
        self.layout = layout
    }

    /// Whether `word` is the address of a live Swift object outside the files' mappings (the
    /// heap, wherever it grew since the layout was read): aligned as an allocation, its class
    /// believed (`TrustedType`), its count not deinitializing. Every read may fail (`RawMemory`),
    /// so a word that points nowhere (an integer in a global) is only a word that is no object.
    ///
    /// A word met in a global's storage may point at any heap block, whose first word may point at
    /// anything that looks like metadata: before the walk's `TrustedType` is asked (which believes
    /// a word for good, for every walk after), the class must be one the images carry (a class's
    /// metadata that is not generic lies in its image's data), or the standard library's array or
    /// dictionary storage, and so must each of its superclasses.
    mutating func isHeapObject(_ word: UInt) -> Bool {
        guard word & 0xF == 0, word > 0xFFFF, !Self.contains(layout.files, word), let isa = RawMemory.word(at: word), isImageClass(isa),
            RawObject.header(word) != nil, let count = RawMemory.strongCount(at: word)
        else { return false }
        return count > 0
    }

    /// Whether `isa` is the metadata of a class laid out in an image, or of the standard
    /// library's collection storage, with every superclass the same: read, never called.
    private mutating func isImageClass(_ isa: UInt) -> Bool {
        if let known = classes[isa] { return known }
        // The object's own class is the program's (or a collection's storage): a toolchain
        // library's objects (a queue, a lock, a thread) are not gone into; its superclasses may be any image's.
        let told = (Self.contains(layout.program, isa) || Self.isStorage(isa)) && Self.isImageClass(isa, files: layout.files)
        classes[isa] = told
        return told
    }

    private static func isImageClass(_ isa: UInt, files: [(start: UInt, end: UInt)]) -> Bool {
        var current = isa
        for _ in 0..<16 {
            guard RawMemory.isPointer(current) else { return false }
            guard contains(files, current) || isStorage(current) else { return false }
            // A class's metadata: its kind (or isa) word, then its superclass.
            guard let superclass = RawMemory.word(at: current &+ 8) else { return false }
            if superclass == 0 { return true }
            current = superclass
        }
        return false
    }

    /// The objects the object at `address` refers to strongly, with the path to each.
    mutating func strong(of address: UInt) -> [(path: String, address: UInt)] {
        guard let isa = RawMemory.word(at: address) else { return [] }
        if let descriptor = RawMemory.word(at: isa &+ UInt(FieldRecords.classDescriptionOffset)) {
            if Descriptors.arrayStorage.contains(descriptor) { return arrayElements(address) }
            if Descriptors.hashedStorage.contains(descriptor) { return dictionaryValues(address) }
        }
        guard let object = RawObject.read(address) else { return [] }
        let fields = object.fields()
        let paths = PropertyWalk.fieldPaths(fields, under: "")
        return zip(fields, paths).flatMap { field, path in
            field.strength == .strong ? references(in: field.value, path: path, depth: Self.valueDepth) : []
        }
    }

    /// The objects inside a value, through its structs, optionals and collections, and the objects
    /// a closure it keeps captures.
    private mutating func references(in value: RawValue, path: String, depth: Int) -> [(path: String, address: UInt)] {
        switch value.parts() {
        case .object(let address, _):
            return isHeapObject(address) ? [(path, address)] : []
        case .closure(let context):
            return (ClosureContext.captures(of: context) ?? []).compactMap { capture in
                guard case .object(let address, _) = capture, isHeapObject(address) else { return nil }
                return (path, address)
            }
        case .children(let children, let style) where depth > 0:
            return children.enumerated().flatMap { index, child in
                child.strength == .strong
                    ? references(
                        in: child.value, path: PropertyWalk.childPath(path, child.name, index: index, style: style), depth: depth - 1)
                    : []
            }
        default:
            return []
        }
    }

    /// An array's storage met with no property above it to tell its element type: each element
    /// that is a reference to an object, by index (a reference's stride, 8 bytes).
    private mutating func arrayElements(_ storage: UInt) -> [(path: String, address: UInt)] {
        guard let count = RawMemory.word(at: storage &+ 16), count > 0, count <= UInt(PropertyWalk.visitLimit),
            let bytes = RawMemory.bytes(at: storage &+ 32, count: Int(count) * 8)
        else { return [] }
        return (0..<Int(count)).compactMap { index in
            let word = bytes.withUnsafeBytes { $0.load(fromByteOffset: index * 8, as: UInt.self) }
            return isHeapObject(word) ? ("[\(index)]", word) : nil
        }
    }

    /// A dictionary's storage met with no property above it to tell its key and value types: each
    /// occupied bucket's value that is a reference to an object; its key, untyped, reads `[…]`.
    private mutating func dictionaryValues(_ storage: UInt) -> [(path: String, address: UInt)] {
        guard let fields = Descriptors.dictionaryFields, let values = RawMemory.word(at: storage &+ UInt(fields.values)),
            let scale = RawMemory.bytes(at: storage &+ UInt(fields.scale), count: 1)?.first, scale < 20
        else { return [] }
        let buckets = 1 << Int(scale)
        guard let bitmap = RawMemory.bytes(at: storage &+ UInt(fields.bitmap), count: (buckets + 63) / 64 * 8),
            let words = RawMemory.bytes(at: values, count: buckets * 8)
        else { return [] }
        return (0..<buckets).compactMap { bucket in
            guard bitmap[bucket / 8] & (1 << (bucket % 8)) != 0 else { return nil }
            let word = words.withUnsafeBytes { $0.load(fromByteOffset: bucket * 8, as: UInt.self) }
            return isHeapObject(word) ? ("[…]", word) : nil
        }
    }

    /// Whether `isa` is the metadata of the standard library's array or dictionary storage.
    private static func isStorage(_ isa: UInt) -> Bool {
        guard let descriptor = RawMemory.word(at: isa &+ UInt(FieldRecords.classDescriptionOffset)) else { return false }
        return Descriptors.arrayStorage.contains(descriptor) || Descriptors.hashedStorage.contains(descriptor)
    }

    /// Whether `address` lies in one of `ranges`, sorted by start.
    private static func contains(_ ranges: [(start: UInt, end: UInt)], _ address: UInt) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        return low > 0 && address < ranges[low - 1].end
    }
}
