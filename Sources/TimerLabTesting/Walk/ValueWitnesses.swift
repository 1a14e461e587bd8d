/// What a type's value witnesses tell of a value: whether an existential keeps it inline, and
/// which case of an enum it is, with its payload. The witnesses are the compiler's and the
/// runtime's own layout code, run on the walk's copy of the bytes: they read bit patterns
/// (spare bits, extra inhabitants, tags) and never follow a pointer or retain anything.
enum ValueWitnesses {
    /// The value witness table of `type`: the word before its metadata.
    private static func table(_ type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: -8, as: UnsafeRawPointer.self)
    }

    /// The table's flags: after eight functions, the size and the stride.
    private static func flags(_ type: Any.Type) -> UInt32 {
        table(type).load(fromByteOffset: 80, as: UInt32.self)
    }

    /// Whether an existential keeps a value of `type` in its buffer (`IsNonInline` clear).
    static func isInline(_ type: Any.Type) -> Bool {
        flags(type) & 0x0002_0000 == 0 && TypeLayout.size(of: type) <= 24
    }

    /// An enum's case (by its field record's name) and its payload, if it has one; `nil` when
    /// the enum's witnesses or records cannot be read.
    static func enumCase(of value: RawValue) -> (name: String, payload: RawValue?)? {
        let type = value.type
        // `HasEnumWitnesses`: the enum witnesses follow the base table (size, stride, flags, count).
        guard flags(type) & 0x0020_0000 != 0, let descriptor = FieldRecords.typeDescriptor(of: type),
            let cases = FieldRecords.enumCases(of: descriptor)
        else { return nil }
        var copy = value.bytes
        let witnesses = table(type)
        let getTag = unsafeBitCast(witnesses.load(fromByteOffset: 88, as: UnsafeRawPointer.self), to: Witness.self)
        let project = unsafeBitCast(witnesses.load(fromByteOffset: 96, as: UnsafeRawPointer.self), to: Project.self)
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let tag = Int(copy.withUnsafeMutableBytes { getTag($0.baseAddress!, metadata) })
        let payloadCases = cases.filter { $0.payload != nil }
        let emptyCases = cases.filter { $0.payload == nil }
        if tag >= payloadCases.count {
            let empty = tag - payloadCases.count
            return empty < emptyCases.count ? (emptyCases[empty].name, nil) : nil
        }
        let chosen = payloadCases[tag]
        // The payload's type, resolved in the enum's own generic context.
        guard let payloadName = chosen.payload,
            let payloadType = FieldRecords.resolve(payloadName, in: descriptor, arguments: metadata + 16)
        else { return nil }
        copy.withUnsafeMutableBytes { project($0.baseAddress!, metadata) }
        if chosen.isIndirect {
            // An indirect case keeps its payload in a box: a heap object, the value after its header.
            let box = copy.withUnsafeBytes { $0.loadUnaligned(as: UInt.self) }
            let alignment = TypeLayout.alignment(of: payloadType)
            // Its word is read again on the way only where the projection left memory's bytes as they were.
            let way = copy == value.bytes ? value.way(through: 0, to: box) : value.way
            return (chosen.name, RawValue.read(payloadType, at: box + UInt((16 + alignment - 1) / alignment * alignment), way: way))
        }
        let size = TypeLayout.size(of: payloadType)
        guard size <= copy.count else { return nil }
        // A payload whose tag bits the projection cleared no longer matches memory word for word:
        // its references cannot be read again there (a claim alone then vouches for a holder).
        let origin = copy == value.bytes ? value.origin : nil
        return (chosen.name, RawValue(type: payloadType, bytes: Array(copy[0..<size]), origin: origin, way: value.way))
    }

    /// `getEnumTag(value, metadata)` and `destructiveProjectEnumData(value, metadata)`: the
    /// runtime's swiftcc, which passes two pointers and returns a 32-bit tag as C does.
    private typealias Witness = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> UInt32
    private typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
}
