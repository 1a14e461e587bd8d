@_spi(Reflection) import Swift

/// The standard library's types `KnownStructs` reads, by descriptor, and the layout of the
/// hashed storages, learned once from real instances rather than written down.
enum Descriptors {
    static let task = of(Task<Void, Never>.self)
    static let array = of([Int].self)
    static let contiguousArray = of(ContiguousArray<Int>.self)
    static let dictionary = of([Int: Int].self)
    static let set = of(Set<Int>.self)
    static let string = of(String.self)
    static let substring = of(Substring.self)
    static let character = of(Character.self)

    /// The classes an array's storage is an instance of: a generic one, and the empty singleton's.
    static let arrayStorage: Set<UInt> = [storageDescriptor(of: [1]), storageDescriptor(of: [Int]())]
    /// The classes a dictionary's or a set's storage is an instance of, the empty singletons' too.
    static let hashedStorage: Set<UInt> = [
        storageDescriptor(of: [1: 1]), storageDescriptor(of: [Int: Int]()), storageDescriptor(of: Set([1])),
        storageDescriptor(of: Set<Int>()),
    ]

    /// Where a hashed storage keeps its scale, its keys (or elements) and values, and its bitmap.
    struct HashedFields {
        let scale: Int
        let keys: Int
        let values: Int
        let bitmap: Int
    }

    static let dictionaryFields = hashedFields(of: [1: 1], keys: "_rawKeys", values: "_rawValues")
    static let setFields = hashedFields(of: Set([1]), keys: "_rawElements", values: "_rawElements")

    private static func of(_ type: Any.Type) -> UInt {
        FieldRecords.typeDescriptor(of: type).map { UInt(bitPattern: $0) } ?? 0
    }

    /// The descriptor of the class of the storage `value`'s first word refers to.
    private static func storageDescriptor<T>(of value: T) -> UInt {
        withExtendedLifetime(value) {
            let isa = storageClass(of: value)
            return UnsafeRawPointer(bitPattern: isa)?.load(fromByteOffset: FieldRecords.classDescriptionOffset, as: UInt.self) ?? 0
        }
    }

    private static func storageClass<T>(of value: T) -> UInt {
        let storage = withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
        return UnsafeRawPointer(bitPattern: storage)?.load(as: UInt.self) ?? 0
    }

    /// The offsets of a hashed storage's fields, read with `_forEachField` from its base class, and
    /// where its bitmap starts: right after the instance (its size, in the class's metadata).
    private static func hashedFields<T>(of value: T, keys: String, values: String) -> HashedFields? {
        withExtendedLifetime(value) {
            let isa = storageClass(of: value)
            guard let metadata = UnsafeRawPointer(bitPattern: isa),
                let base = _getSuperclass(unsafeBitCast(isa, to: AnyClass.self))
            else { return nil }
            var offsets: [String: Int] = [:]
            _forEachField(of: base, options: EachField.options(classType: true)) { name, offset, _, _ in
                offsets[String(cString: name)] = offset
                return true
            }
            let size = Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
            guard let scale = offsets["_scale"], let keys = offsets[keys], let values = offsets[values] else { return nil }
            return HashedFields(scale: scale, keys: keys, values: values, bitmap: (size + 7) / 8 * 8)
        }
    }
}

/// A dictionary key as a path spells it: a string quoted, a number or a Boolean as written.
/// Told from the key's bytes; nothing of the key's own code (its `description`) runs.
enum KeyText {
    static func of(_ key: RawValue) -> String? {
        if key.type == String.self { return string(key).map { "\"\($0)\"" } }
        switch key.type {
        case is Int.Type, is Int64.Type: return number(key, as: Int64.self)
        case is UInt.Type, is UInt64.Type: return number(key, as: UInt64.self)
        case is Int32.Type: return number(key, as: Int32.self)
        case is UInt32.Type: return number(key, as: UInt32.self)
        case is Bool.Type: return key.bytes.first == 1 ? "true" : "false"
        default: return nil
        }
    }

    /// A number of `type` from exactly its own bytes.
    private static func number<Number: FixedWidthInteger>(_ key: RawValue, as type: Number.Type) -> String? {
        guard key.bytes.count == MemoryLayout<Number>.size else { return nil }
        return "\(key.bytes.withUnsafeBytes { $0.loadUnaligned(as: Number.self) })"
    }

    /// A string's UTF-8, from its two words (swiftlang/swift's `StringObject.swift`, 64-bit): a
    /// small one inline, a large one's bytes 32 after its storage's (or literal's biased) address.
    private static func string(_ key: RawValue) -> String? {
        let (countAndFlags, object) = (key.word(at: 0), key.word(at: 8))
        if object & (1 << 61) != 0 {
            let count = Int((object >> 56) & 0xF)
            guard count <= 15 else { return nil }
            return String(decoding: key.bytes.prefix(count), as: UTF8.self)
        }
        guard object & (1 << 60) == 0 else { return nil }
        let count = Int(countAndFlags & 0x0000_FFFF_FFFF_FFFF)
        guard count <= 256, let bytes = RawMemory.bytes(at: (object & 0x0FFF_FFFF_FFFF_FFFF) + 32, count: count) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
