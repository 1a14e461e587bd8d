@_spi(Reflection) import Swift
import Synchronization

/// The stored properties of a class (its superclasses' first) or a struct, as the runtime lays
/// them out: each one's name, where it sits, its type, and what its field record says of it
/// (`FieldRecords`). Read from metadata alone: no instance is touched, and nothing of the
/// user's runs (no `customMirror`, no computed property).
///
/// `@unchecked Sendable`, with this invariant: it refers only to type metadata, which is never
/// changed or freed once made.
struct TypeField: @unchecked Sendable {
    /// How a property holds what it refers to.
    enum Strength {
        case strong
        /// `weak`: read as the runtime loads it (`RawMemory.weakReferent`), and followed no further.
        case weak
        /// `unowned` or `unowned(unsafe)`: never read.
        case unowned
    }

    /// Its name as declared (`_name` for a wrapped property's storage).
    let name: String
    let offset: Int
    let type: Any.Type
    let strength: Strength
    /// Whether it is a `var`: one its owner may change at any time.
    let isVar: Bool
    /// Whether its declared type is a holder's (`Timer`, a source, a `Task`, a work item, optional or not).
    let namesHolderType: Bool
    /// Which class of the hierarchy declares it (0: the root class); 0 for a struct's.
    let level: Int
    /// Whether its value cannot be copied (a `Mutex`, an `Atomic`): the runtime gives its type as `()`.
    let isNoncopyable: Bool
}

enum TypeFields {
    /// A type's stored properties, and the names of those that cannot be laid out (a type the
    /// runtime cannot resolve, a parameter pack, a `@convention(block)` function).
    struct Layout: Sendable {
        var fields: [TypeField] = []
        var unread: [String] = []
    }

    private static let cache = Mutex<[ObjectIdentifier: Layout]>([:])

    /// The layout of `type`, a class (`isClass`) or a struct; `nil` when it has no field records.
    static func of(_ type: Any.Type, isClass: Bool) -> Layout? {
        if let known = cache.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        guard let layout = read(type, isClass: isClass) else { return nil }
        cache.withLock { $0[ObjectIdentifier(type)] = layout }
        return layout
    }

    private static func read(_ type: Any.Type, isClass: Bool) -> Layout? {
        let levels = isClass ? classLevels(type) : [type]
        var records: [(field: FieldRecords.Field, level: Int)] = []
        for (level, levelType) in levels.enumerated() {
            guard let fields = FieldRecords.fields(of: levelType) else { return nil }
            records += fields.map { ($0, level) }
        }
        var layout = Layout()
        // The runtime resolves names a parameter pack's mangling, or a block's where there is no
        // Objective-C runtime, by ending the process: such a type is named, never laid out.
        let unsafe = records.filter { $0.field.typeName.mentionsPack || $0.field.typeName.mentionsBlock }
        guard unsafe.isEmpty else { return isClass ? byHand(levels: levels, records: records) : Layout(unread: records.map(\.field.name)) }
        var laidOut: [(name: String, offset: Int, type: Any.Type)] = []
        _forEachField(of: type, options: EachField.options(classType: isClass)) { name, offset, type, _ in
            laidOut.append((String(cString: name), offset, type))
            return true
        }
        var next = laidOut.startIndex
        for (field, level) in records {
            guard next < laidOut.endIndex, laidOut[next].name == field.name else {
                layout.unread.append(field.name)
                continue
            }
            let found = laidOut[next]
            next += 1
            layout.fields.append(
                TypeField(
                    name: field.name, offset: found.offset, type: found.type, strength: strength(field.typeName), isVar: field.isVar,
                    namesHolderType: field.typeName.namesHolderType, level: level,
                    isNoncopyable: found.type == Void.self && !field.typeName.isVoid))
        }
        return layout
    }

    /// A class laid out by hand, level by level, from its records and its metadata's field offsets:
    /// what `_forEachField` cannot be given (it ends the process on a block or pack field). Each
    /// field whose type the runtime resolves without a generic context is laid out; a block, a
    /// pack, and every other field are named unread.
    private static func byHand(levels: [Any.Type], records: [(field: FieldRecords.Field, level: Int)]) -> Layout {
        var layout = Layout()
        let offsets = levels.map { FieldRecords.offsets(ofClass: $0) }
        var positions: [Int: Int] = [:]
        for (field, level) in records {
            let position = positions[level, default: 0]
            positions[level] = position + 1
            guard !field.typeName.mentionsBlock, let levelOffsets = offsets[level], position < levelOffsets.count,
                let type = field.typeName.resolvedAlone()
            else {
                layout.unread.append(field.name)
                continue
            }
            layout.fields.append(
                TypeField(
                    name: field.name, offset: levelOffsets[position], type: type, strength: strength(field.typeName),
                    isVar: field.isVar, namesHolderType: field.typeName.namesHolderType, level: level,
                    isNoncopyable: type == Void.self && !field.typeName.isVoid))
        }
        return layout
    }

    private static func strength(_ name: MangledName) -> TypeField.Strength {
        name.isWeak ? .weak : (name.isReferenceStorage ? .unowned : .strong)
    }

    /// A class and its superclasses, the root first.
    static func classLevels(_ type: Any.Type) -> [Any.Type] {
        var levels: [Any.Type] = []
        var current: Any.Type? = type
        while let level = current, levels.count < 64 {
            levels.append(level)
            current = (level as? AnyClass).flatMap { _getSuperclass($0) }
        }
        return levels.reversed()
    }
}

/// The options `_forEachField` takes, spelled by their raw values: the standard library's
/// static members are `var`s, which Swift 6 does not let a nonisolated function read.
enum EachField {
    static func options(classType: Bool) -> _EachFieldOptions {
        // 1: the type is a class (its superclasses' fields first); 2: skip a field whose type the runtime cannot resolve.
        _EachFieldOptions(rawValue: classType ? 0b11 : 0b10)
    }
}
