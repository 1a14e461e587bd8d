/// The standard library's structs whose contents live out of line, read from their storage's
/// layout (swiftlang/swift's `stdlib/public/core`): an array's elements after its storage's
/// header, a dictionary's or set's occupied buckets; a `Task`, one reference to its job; a
/// string, which holds nothing the walk follows.
enum KnownStructs {
    /// What `value` holds, when its type is one of these; `nil` for any other struct.
    static func parts(of value: RawValue) -> RawPart? {
        guard let descriptor = FieldRecords.typeDescriptor(of: value.type) else { return nil }
        let arguments = unsafeBitCast(value.type, to: UnsafeRawPointer.self) + 16
        let argument = { (index: Int) in
            unsafeBitCast(arguments.load(fromByteOffset: index * 8, as: UnsafeRawPointer.self), to: Any.Type.self)
        }
        // Each keeps one reference first: a task's job, or the storage, whose word is read again
        // after a claim, on the way to what lies in it.
        let first = value.word(at: 0)
        let way = value.way(through: 0, to: first)
        switch UInt(bitPattern: descriptor) {
        case Descriptors.task:
            return first == 0 ? .leaf : .task(first, value.type, origin: value.origin)
        case Descriptors.array, Descriptors.contiguousArray:
            return arrayParts(storage: first, element: argument(0), way: way)
        case Descriptors.dictionary:
            return hashedParts(storage: first, key: argument(0), value: argument(1), way: way)
        case Descriptors.set:
            return hashedParts(storage: first, key: argument(0), value: nil, way: way)
        case Descriptors.string, Descriptors.substring, Descriptors.character:
            return .leaf
        default:
            return nil
        }
    }

    /// An array's elements: its storage's count at 16, the elements after the 32-byte header.
    private static func arrayParts(storage: UInt, element: Any.Type, way: [WayDown.Link]) -> RawPart {
        guard let header = RawMemory.bytes(at: storage, count: 32),
            Descriptors.arrayStorage.contains(classDescriptor(header.word(0)) ?? 0)
        else { return .unreadable }
        let count = min(Int(bitPattern: header.word(16)), PropertyWalk.visitLimit)
        let stride = TypeLayout.stride(of: element)
        let start = storage + UInt(aligned(32, TypeLayout.alignment(of: element)))
        guard count > 0 else { return .children([], .collection) }
        guard stride > 0, let bytes = RawMemory.bytes(at: start, count: count * stride) else { return .unreadable }
        let all = RawValue(type: element, bytes: bytes, origin: start, way: way)
        return .children(
            (0..<count).compactMap { all.slice(at: $0 * stride, as: element).map { RawChild(name: nil, value: $0) } }, .collection)
    }

    /// A dictionary's values by key, or a set's elements: the occupied buckets its bitmap marks.
    private static func hashedParts(storage: UInt, key: Any.Type, value: Any.Type?, way: [WayDown.Link]) -> RawPart {
        let fields = value == nil ? Descriptors.setFields : Descriptors.dictionaryFields
        guard let fields, let header = RawMemory.bytes(at: storage, count: fields.bitmap),
            Descriptors.hashedStorage.contains(classDescriptor(header.word(0)) ?? 0)
        else { return .unreadable }
        guard Int(bitPattern: header.word(16)) > 0 else { return .children([], value == nil ? .set : .dictionary) }
        let scale = Int(header[fields.scale])
        guard scale < 24 else { return .unreadable }
        let buckets = 1 << scale
        guard let bitmap = RawMemory.bytes(at: storage + UInt(fields.bitmap), count: (buckets + 63) / 64 * 8) else { return .unreadable }
        let occupied = (0..<buckets).filter { bitmap[$0 / 8] & (1 << ($0 % 8)) != 0 }.prefix(PropertyWalk.visitLimit)
        let keysWay = way + [WayDown.Link(origin: storage + UInt(fields.keys), address: header.word(fields.keys))]
        let keys = RawValue.table(key, at: header.word(fields.keys), count: buckets, way: keysWay)
        var children: [RawChild] = []
        if let value {
            let valuesWay = way + [WayDown.Link(origin: storage + UInt(fields.values), address: header.word(fields.values))]
            guard let values = RawValue.table(value, at: header.word(fields.values), count: buckets, way: valuesWay) else {
                return .unreadable
            }
            for bucket in occupied {
                guard let element = values.slice(at: bucket * TypeLayout.stride(of: value), as: value) else { continue }
                let name = keys?.slice(at: bucket * TypeLayout.stride(of: key), as: key).flatMap(KeyText.of) ?? "#\(bucket)"
                children.append(RawChild(name: name, value: element))
            }
            return .children(children, .dictionary)
        }
        guard let keys else { return .unreadable }
        for bucket in occupied {
            if let element = keys.slice(at: bucket * TypeLayout.stride(of: key), as: key) {
                children.append(RawChild(name: nil, value: element))
            }
        }
        return .children(children, .set)
    }

    /// The descriptor of the class whose metadata is `isa`, if that word is believed.
    private static func classDescriptor(_ isa: UInt) -> UInt? {
        guard TrustedType.classType(isa) != nil else { return nil }
        return RawMemory.word(at: isa + UInt(FieldRecords.classDescriptionOffset))
    }

    static func aligned(_ offset: Int, _ alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }
}

extension RawValue {
    /// `count` values of `type` side by side at `address` (a hashed storage's keys or values).
    static func table(_ type: Any.Type, at address: UInt, count: Int, way: [WayDown.Link]) -> RawValue? {
        let stride = TypeLayout.stride(of: type)
        guard stride > 0 else { return RawValue(type: type, bytes: [], origin: address, way: way) }
        return RawMemory.bytes(at: address, count: stride * count).map { RawValue(type: type, bytes: $0, origin: address, way: way) }
    }
}

extension [UInt8] {
    /// The word at `offset`.
    func word(_ offset: Int) -> UInt {
        guard offset + 8 <= count else { return 0 }
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt.self) }
    }
}
