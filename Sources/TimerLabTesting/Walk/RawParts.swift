import Dispatch
import Foundation

/// What a value holds, told from its bytes and its type's metadata alone: the decoding a memory
/// debugger does, for the layouts the compiler emits. Nothing is guessed: a layout that cannot
/// be told this way is `.unreadable`, and the walk names it under "not examined".
///
/// Why not the toolchain's `libswiftRemoteMirror.so`, which swift-inspect uses: it ships without
/// its header, so its C structures and enumerations would have to be declared here by hand from
/// one release's source, a guess at an interface that changes between releases. In process, the
/// running runtime answers the same questions itself, and always for its own version: field
/// layouts (`_forEachField`), enum cases and payloads (the enum's value witnesses), existential
/// and function metadata, and the standard library's storage classes, recognised by descriptor.
enum RawPart {
    /// Nothing the walk follows (a number, a string, a metatype, `nil`).
    case leaf
    /// A strong reference: the object's address, and where the reference was read from.
    case object(UInt, origin: UInt?)
    /// A `weak` reference's object, alive when read.
    case weak(UInt)
    /// A Swift closure's context (a thick function's second word).
    case closure(UInt)
    /// A `Task`'s job, and the `Task` type it is kept as.
    case task(UInt, Any.Type, origin: UInt?)
    /// The values it is made of, each with its name and how a path spells it.
    case children([RawChild], Mirror.DisplayStyle?)
    /// A layout the walk cannot tell.
    case unreadable
}

/// One value inside another: a property, an element, a case's payload, a dictionary's value.
struct RawChild {
    let name: String?
    let value: RawValue
    var strength = TypeField.Strength.strong
    var isVar = false
    var namesHolderType = false
    var isNoncopyable = false
    var level = 0
}

extension RawValue {
    /// What this value holds.
    func parts() -> RawPart {
        let kind = TypeLayout.kind(of: type)
        if MetadataKind.isClass(kind) {
            let address = word(at: 0)
            return address == 0 ? .leaf : .object(address, origin: origin)
        }
        switch kind {
        case 0x200: return structParts()
        case 0x201, 0x202: return enumParts()
        case 0x301: return tupleParts()
        case 0x302: return functionParts()
        case 0x303: return existentialParts()
        default: return .leaf
        }
    }

    private func structParts() -> RawPart {
        if let special = KnownStructs.parts(of: self) { return special }
        guard let layout = TypeFields.of(type, isClass: false) else { return .leaf }
        return .children(fieldChildren(layout, at: 0), .struct)
    }

    /// The fields `layout` lays out, read from these bytes starting at `base` (an object's own
    /// fields start at its header, its bytes at 0).
    func fieldChildren(_ layout: TypeFields.Layout, at base: Int) -> [RawChild] {
        layout.fields.compactMap { field in
            guard field.strength != .unowned, let value = slice(at: base + field.offset, as: field.type) else { return nil }
            return RawChild(
                name: field.name, value: value, strength: field.strength, isVar: field.isVar, namesHolderType: field.namesHolderType,
                isNoncopyable: field.isNoncopyable, level: field.level)
        }
    }

    private func tupleParts() -> RawPart {
        let metadata = TypeLayout.word(type)
        guard let count = RawMemory.word(at: metadata + 8), count <= 64 else { return .unreadable }
        let labels = RawMemory.word(at: metadata + 16).flatMap { $0 == 0 ? nil : UnsafePointer<CChar>(bitPattern: $0) }
        let names = labels.map { String(cString: $0).split(separator: " ", omittingEmptySubsequences: false).map(String.init) } ?? []
        var children: [RawChild] = []
        for index in 0..<Int(count) {
            let element = metadata + 24 + UInt(index) * 16
            guard let typeWord = RawMemory.word(at: element), let offset = RawMemory.word(at: element + 8),
                let elementType = TrustedType.type(typeWord),
                // Each element: its type, then its offset, a 32-bit one (the rest of the word is padding).
                let value = slice(at: Int(UInt32(truncatingIfNeeded: offset)), as: elementType)
            else { return .unreadable }
            let name = index < names.count && !names[index].isEmpty ? names[index] : nil
            children.append(RawChild(name: name, value: value))
        }
        return .children(children, .tuple)
    }

    /// A function's second word is its context when its convention is Swift's (0: thick).
    private func functionParts() -> RawPart {
        let flags = unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 8, as: UInt.self)
        guard (flags >> 16) & 0xFF == 0 else { return .leaf }
        let context = word(at: 8)
        return context == 0 ? .leaf : .closure(context)
    }

    /// An existential: a class-bound one keeps its object in its first word; any other keeps its
    /// value in a three-word buffer, inline or boxed, its type in the word after.
    private func existentialParts() -> RawPart {
        let flags = unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 8, as: UInt32.self)
        // Special protocols (bits 24 to 29): 1 is `Error`, whose box is not read.
        guard (flags >> 24) & 0x3F == 0 else { return .unreadable }
        if flags & 0x8000_0000 == 0 {
            let object = word(at: 0)
            return object == 0 ? .leaf : .object(object, origin: origin)
        }
        guard let dynamic = TrustedType.type(word(at: 24)) else { return .unreadable }
        if TypeLayout.isClass(dynamic) {
            let object = word(at: 0)
            return object == 0 ? .leaf : .object(object, origin: origin)
        }
        let value: RawValue?
        if ValueWitnesses.isInline(dynamic) {
            value = slice(at: 0, as: dynamic)
        } else {
            let box = word(at: 0)
            let alignment = TypeLayout.alignment(of: dynamic)
            value = RawValue.read(dynamic, at: box + UInt((16 + alignment - 1) / alignment * alignment), way: way(through: 0, to: box))
        }
        guard let value else { return .unreadable }
        return .children([RawChild(name: nil, value: value)], .optional)
    }

    private func enumParts() -> RawPart {
        guard let decoded = ValueWitnesses.enumCase(of: self) else { return .unreadable }
        guard let payload = decoded.payload else { return .leaf }
        let style: Mirror.DisplayStyle = TypeLayout.kind(of: type) == 0x202 ? .optional : .enum
        return .children([RawChild(name: decoded.name, value: payload)], style)
    }
}
