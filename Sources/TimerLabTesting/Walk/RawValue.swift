/// A value's bytes, copied bit for bit with nothing retained, and its type: what the walk reads
/// instead of the value itself.
struct RawValue {
    let type: Any.Type
    var bytes: [UInt8]
    /// Where in memory its first byte was read from: a reference found in it is read again there
    /// (`origin + offset`) to tell whether it changed meanwhile. `nil` for a copy the walk owns
    /// (taken under a lock), which cannot change.
    let origin: UInt?
    /// The words that led here from the innermost object on the way, where the bytes lie out of
    /// line (an array's storage, a box): read again after a claim (`WayDown`).
    var way: [WayDown.Link] = []

    /// The value of `type` at `offset` in this one, or `nil` when it does not fit.
    func slice(at offset: Int, as type: Any.Type) -> RawValue? {
        let size = TypeLayout.size(of: type)
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        return RawValue(type: type, bytes: Array(bytes[offset..<(offset + size)]), origin: origin.map { $0 + UInt(offset) }, way: way)
    }

    /// The way on to what the word at `offset` points to (`address`): this one's, then that word,
    /// where it can be read again (not in a copy the walk owns, which cannot change).
    func way(through offset: Int, to address: UInt) -> [WayDown.Link] {
        way + (origin.map { [WayDown.Link(origin: $0 + UInt(offset), address: address)] } ?? [])
    }

    /// The word at `offset`, or 0 past the end.
    func word(at offset: Int) -> UInt {
        guard offset >= 0, offset + 8 <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt.self) }
    }

    /// The value of `type` read from memory at `address`, or `nil`.
    static func read(_ type: Any.Type, at address: UInt, way: [WayDown.Link] = []) -> RawValue? {
        RawMemory.bytes(at: address, count: TypeLayout.size(of: type)).map { RawValue(type: type, bytes: $0, origin: address, way: way) }
    }

    /// The bytes of a value the caller owns and keeps alive while they are read.
    static func owned(_ value: Any) -> RawValue {
        func bytes<T>(_ typed: T) -> [UInt8] { withUnsafeBytes(of: typed) { Array($0) } }
        return RawValue(type: Swift.type(of: value), bytes: _openExistential(value, do: bytes), origin: nil)
    }
}

/// What a type's metadata says of its values' size and alignment.
enum TypeLayout {
    static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    static func stride(of type: Any.Type) -> Int {
        func stride<T>(_: T.Type) -> Int { MemoryLayout<T>.stride }
        return _openExistential(type, do: stride)
    }

    static func alignment(of type: Any.Type) -> Int {
        func alignment<T>(_: T.Type) -> Int { MemoryLayout<T>.alignment }
        return _openExistential(type, do: alignment)
    }

    /// The metadata kind of `type` (swiftlang/swift's `MetadataKind.def`).
    static func kind(of type: Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    static func isClass(_ type: Any.Type) -> Bool {
        MetadataKind.isClass(kind(of: type))
    }

    /// The metadata word of `type`.
    static func word(_ type: Any.Type) -> UInt {
        UInt(bitPattern: unsafeBitCast(type, to: Int.self))
    }
}
