/// The stored properties a class or struct declares, read from the field records the compiler
/// emits for it: their names, whether each holds anything strongly, and where each sits in an
/// instance (swiftlang/swift's `include/swift/ABI/Metadata.h` and `RemoteInspection/Records.h`).
///
/// The walks read a value's children through these records rather than through `Mirror` alone,
/// because `Mirror` loads every field, and loading is not always harmless:
/// - a `weak` field loads as a strong reference, and walking through it would blame (and stop)
///   what another object keeps;
/// - an `unowned` field whose object is gone (legal while the code never reads it) traps when
///   loaded, and an `unowned(unsafe)` one reads freed memory;
/// - where there is no Objective-C runtime, `Mirror` traps on a `@convention(block)` field,
///   whose type it cannot make (`DispatchWorkItem`'s block on Linux).
///
/// The layouts read here are those of a 64-bit runtime: on any other, nothing is read and every
/// type is treated as one whose records cannot be read.
enum FieldRecords {
    /// One stored property.
    struct Field {
        /// Its name, as declared (`_name` for a wrapped property's storage).
        let name: String
        /// Its mangled type name, in place.
        let typeName: MangledName
        /// Whether it is a `var` (its record's flags, bit 1): one its owner may change at any time.
        let isVar: Bool
        /// Whether it can hold anything strongly: `false` for `weak`, `unowned` and `unowned(unsafe)`.
        var isStrong: Bool { !typeName.isReferenceStorage }
    }

    /// `type`'s own stored properties in declaration order (`Mirror`'s order), or `nil` when its
    /// records cannot be read.
    static func fields(of type: Any.Type) -> [Field]? {
        guard let fields = fieldDescriptor(of: type) else { return nil }
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12, count <= 4096 else { return nil }
        var result: [Field] = []
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            guard let typeName = relative(record + 4), let name = relative(record + 8) else { return nil }
            result.append(
                Field(
                    name: String(cString: name.assumingMemoryBound(to: CChar.self)), typeName: MangledName(typeName),
                    isVar: record.load(as: UInt32.self) & 0x2 != 0))
        }
        return result
    }

    /// Where each of a class's own stored properties sits in an instance, in declaration order;
    /// `nil` for a struct, or a class whose field offsets depend on a resilient superclass.
    static func offsets(ofClass type: Any.Type) -> [Int]? {
        guard is64Bit else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard MetadataKind.isClass(metadata.load(as: UInt.self)),
            let description = metadata.load(fromByteOffset: classDescriptionOffset, as: UnsafeRawPointer?.self),
            description.load(as: UInt32.self) & 0x1F == 16
        else { return nil }
        // The kind-specific flags (bits 16 to 31): bit 13 is "has a resilient superclass", whose
        // offsets are relative to bounds read at run time.
        guard (description.load(as: UInt32.self) >> 16) & (1 << 13) == 0 else { return nil }
        let count = Int(description.load(fromByteOffset: 36, as: UInt32.self))
        let vector = Int(description.load(fromByteOffset: 40, as: UInt32.self))
        guard count <= 4096, vector > 0 else { return count == 0 ? [] : nil }
        return (0..<count).map { metadata.load(fromByteOffset: (vector + $0) * 8, as: Int.self) }
    }

    /// The field descriptor of a class or struct type, or `nil`.
    private static func fieldDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        guard let description = typeDescriptor(of: type) else { return nil }
        // Context descriptor kinds: 16 a class, 17 a struct.
        guard [16, 17].contains(description.load(as: UInt32.self) & 0x1F) else { return nil }
        return relative(description + 16)
    }

    /// One case of an enum: its name, its payload's mangled type (`nil` for a case without one),
    /// and whether the payload is boxed (`indirect`).
    struct EnumCase {
        let name: String
        let payload: MangledName?
        let isIndirect: Bool
    }

    /// The cases an enum's descriptor records, in declaration order; `nil` when it has none.
    static func enumCases(of descriptor: UnsafeRawPointer) -> [EnumCase]? {
        guard descriptor.load(as: UInt32.self) & 0x1F == 18, let fields = relative(descriptor + 16) else { return nil }
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12, count <= 4096 else { return nil }
        return (0..<count).compactMap { index in
            let record = fields + 16 + index * recordSize
            guard let name = relative(record + 8) else { return nil }
            return EnumCase(
                name: String(cString: name.assumingMemoryBound(to: CChar.self)), payload: relative(record + 4).map(MangledName.init),
                isIndirect: record.load(as: UInt32.self) & 0x1 != 0)
        }
    }

    /// The type `name` names inside the generic context `descriptor`, with the generic arguments
    /// at `arguments`; `nil` when the runtime cannot resolve it (or it names a parameter pack).
    static func resolve(_ name: MangledName, in descriptor: UnsafeRawPointer, arguments: UnsafeRawPointer) -> Any.Type? {
        guard !name.mentionsPack else { return nil }
        return name.resolved(in: descriptor, arguments: arguments)
    }

    /// The type descriptor of a class, struct or enum type (what a symbolic reference in a
    /// mangled name points to, and a generic context the runtime substitutes in), or `nil`.
    static func typeDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        guard is64Bit else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let kind = metadata.load(as: UInt.self)
        let descriptionOffset: Int
        if (0x200...0x202).contains(kind) {
            descriptionOffset = 8  // a struct, an enum or an optional: its kind, then its description
        } else if MetadataKind.isClass(kind) {
            descriptionOffset = classDescriptionOffset
        } else {
            return nil
        }
        return metadata.load(fromByteOffset: descriptionOffset, as: UnsafeRawPointer?.self)
    }

    /// The descriptor of the one protocol an existential type names (`any DispatchSourceTimer`).
    static func protocolDescriptor(ofExistential type: Any.Type) -> UnsafeRawPointer? {
        guard is64Bit else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // An existential's metadata: kind 0x303, flags, the protocol count, an optional superclass, the protocols.
        guard metadata.load(as: UInt.self) == 0x303, metadata.load(fromByteOffset: 12, as: UInt32.self) == 1 else { return nil }
        let hasSuperclass = metadata.load(fromByteOffset: 8, as: UInt32.self) & 0x4000_0000 != 0
        let reference = metadata.load(fromByteOffset: hasSuperclass ? 24 : 16, as: UInt.self)
        // Its low bit marks an Objective-C protocol, which a Swift descriptor never is.
        return reference & 1 == 0 ? UnsafeRawPointer(bitPattern: reference) : nil
    }

    /// Whether the runtime's layouts are the 64-bit ones every offset here assumes.
    private static var is64Bit: Bool { MemoryLayout<Int>.size == 8 }

    /// Where a class's metadata keeps its description: after the isa, the superclass, and (with
    /// Objective-C interop) the cache and data words, then the flags and sizes.
    static var classDescriptionOffset: Int {
        #if _runtime(_ObjC)
        return 64
        #else
        return 40
        #endif
    }

    /// The target of the 32-bit relative pointer at `field`, or `nil` when it is zero.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = field.load(as: Int32.self)
        return offset == 0 ? nil : field + Int(offset)
    }
}
