/// Which stored properties of a class or struct hold nothing strongly (`weak`, `unowned`,
/// `unowned(unsafe)`), and whether `Mirror` can list them at all, read from the field records
/// the compiler emits for the type.
///
/// `Mirror` lists a weak property like any other; walking through it would blame an object for
/// what another object keeps. And where there is no Objective-C runtime, `Mirror` traps on a
/// `@convention(block)` stored property, whose type it cannot make (`DispatchWorkItem`'s block
/// on Linux): such a type is not listed. The records sit behind the type's context descriptor
/// (swiftlang/swift's `include/swift/ABI/Metadata.h` and `RemoteInspection/Records.h`).
enum FieldStrength {
    /// The labels of `type`'s own stored properties that are weak, unowned or unmanaged; empty
    /// when its records cannot be read.
    static func notStrongLabels(of type: Any.Type) -> Set<String> {
        guard let fields = fieldDescriptor(of: type) else { return [] }
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12, count <= 4096 else { return [] }
        var labels: Set<String> = []
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            guard let typeName = relative(record + 4), let name = relative(record + 8) else { continue }
            if MangledName(typeName).isReferenceStorage {
                labels.insert(String(cString: name.assumingMemoryBound(to: CChar.self)))
            }
        }
        return labels
    }

    /// Whether `Mirror` can list the stored properties `type` declares itself: `false` for one
    /// with a `@convention(block)` property where there is no Objective-C runtime.
    static func isReflectable(_ type: Any.Type) -> Bool {
        #if _runtime(_ObjC)
        return true
        #else
        return !fieldTypeNames(of: type).contains { $0.hasSuffix("XB") }
        #endif
    }

    /// The mangled type names of `type`'s own stored properties, symbolic references as
    /// placeholders; empty when its records cannot be read.
    private static func fieldTypeNames(of type: Any.Type) -> [String] {
        guard let fields = fieldDescriptor(of: type) else { return [] }
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12, count <= 4096 else { return [] }
        return (0..<count).compactMap { index in
            relative(fields + 16 + index * recordSize + 4).map { MangledName($0).text }
        }
    }

    /// The field descriptor of a class or struct type, or `nil`.
    private static func fieldDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let kind = metadata.load(as: UInt.self)
        let descriptionOffset: Int
        if kind == 0x200 {
            descriptionOffset = 8  // a struct: its kind, then its description
        } else if MetadataKind.isClass(kind) {
            descriptionOffset = classDescriptionOffset
        } else {
            return nil
        }
        guard let description = metadata.load(fromByteOffset: descriptionOffset, as: UnsafeRawPointer?.self) else { return nil }
        // Context descriptor kinds: 16 a class, 17 a struct.
        guard [16, 17].contains(description.load(as: UInt32.self) & 0x1F) else { return nil }
        return relative(description + 16)
    }

    /// Where a class's metadata keeps its description: after the isa, the superclass, and (with
    /// Objective-C interop) the cache and data words, then the flags and sizes.
    private static var classDescriptionOffset: Int {
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
