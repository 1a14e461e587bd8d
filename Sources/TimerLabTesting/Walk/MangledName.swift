import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mangled type name from a capture descriptor, read in place (its symbolic references are
/// relative to where it sits), and what a capture of that type occupies.
struct MangledName {
    let start: UnsafeRawPointer

    init(_ start: UnsafeRawPointer) {
        self.start = start
    }

    /// How a capture of this type is stored, and whether it holds anything strongly.
    struct Layout {
        enum Kind {
            /// An unowned or unmanaged reference, or a metatype: it keeps nothing alive.
            case notStrong
            /// A `weak` reference: it keeps nothing alive, and loads as `nil` once its object is
            /// gone (its first word is the reference, a class-bound existential's tables after it).
            case weak
            /// A function with no context (thin, or a C function pointer).
            case thinFunction
            /// A Swift closure: a function pointer, then its context (`@isolated(any)` ones too,
            /// whose isolation is in the context).
            case thickFunction
            /// An optional Swift closure: the same two words, a null function pointer for `nil`.
            case optionalThickFunction
            /// A box holding a captured `var`.
            case box
            /// A value of a type the runtime resolved.
            case value(Any.Type)
        }
        let kind: Kind
        let size: Int
        let alignment: Int

        /// A value of `type`, laid out as the type says.
        static func value(_ type: Any.Type) -> Layout {
            func layout<T>(_: T.Type) -> Layout {
                Layout(kind: .value(type), size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
            }
            return _openExistential(type, do: layout)
        }
    }

    /// The name's characters, a symbolic reference counted as one placeholder; and its byte length.
    private var scanned: (characters: [UInt8], length: Int) {
        var characters: [UInt8] = []
        var index = 0
        while characters.count < 512 {
            let byte = start.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case 0: return (characters, index)
            case 0x01...0x17: (index, characters) = (index + 5, characters + [0x01])  // relative symbolic reference
            case 0x18...0x1F: (index, characters) = (index + 1 + MemoryLayout<Int>.size, characters + [0x01])  // absolute
            default: (index, characters) = (index + 1, characters + [byte])
            }
        }
        return (characters, index)
    }

    /// Its characters, each symbolic reference as one placeholder byte.
    var text: String { String(decoding: scanned.characters, as: UTF8.self) }

    /// Whether it names a weak, unowned or unmanaged reference.
    var isReferenceStorage: Bool {
        ["Xw", "Xo", "Xu"].contains(String(decoding: scanned.characters.suffix(2), as: UTF8.self))
    }

    /// Whether it names a `weak` reference (which loads as `nil` once its object is gone).
    var isWeak: Bool { String(decoding: scanned.characters.suffix(2), as: UTF8.self) == "Xw" }

    /// Whether it names a type a holder is kept as: `Timer`, `DispatchSourceTimer`, `Task` of any
    /// result, `DispatchWorkItem`, or an optional of one.
    ///
    /// Told from the characters and the descriptor a symbolic reference points to, never by
    /// asking the runtime to resolve the name: some names (a parameter pack's) end the process
    /// there instead of failing.
    var namesHolderType: Bool {
        var characters = scanned.characters
        if characters.suffix(2).elementsEqual("Sg".utf8) { characters.removeLast(2) }
        // `Task<Success, Failure>`: the standard library's `ScT`, its arguments, `G`.
        if characters.starts(with: "ScT".utf8), characters.last == UInt8(ascii: "G") { return true }
        guard let target = symbolicTarget else { return false }
        if characters == [0x01] {
            return ([Timer.self, DispatchWorkItem.self] as [Any.Type]).contains { FieldRecords.typeDescriptor(of: $0) == target }
        }
        if characters.elementsEqual([0x01] + Array("_p".utf8)) {
            return FieldRecords.protocolDescriptor(ofExistential: (any DispatchSourceTimer).self) == target
        }
        return false
    }

    /// The descriptor the name's leading symbolic reference points to: a direct one (kind 1) or
    /// through a pointer (kind 2); `nil` for any other start.
    private var symbolicTarget: UnsafeRawPointer? {
        let kind = start.load(as: UInt8.self)
        guard kind == 1 || kind == 2 else { return nil }
        let offset = Int((start + 1).loadUnaligned(as: Int32.self))
        let address = start + 1 + offset
        return kind == 1 ? address : address.load(as: UnsafeRawPointer?.self)
    }

    /// Whether it names `Void` (`()`), which `Mirror` shows as it shows a value it cannot copy.
    var isVoid: Bool { text == "yt" }

    /// Whether it names a `@convention(block)` function anywhere in it (`XB`: alone, or wrapped
    /// in an optional, an array, a tuple), outside the identifiers it spells out.
    var mentionsBlock: Bool { mentions("XB") }

    /// Whether it names a parameter pack or its expansion anywhere in it (`Qp`, `QP`, `QS`, `Qe`):
    /// names the runtime may end the process on, rather than fail to resolve.
    var mentionsPack: Bool { ["Qp", "QP", "QS", "Qe"].contains { mentions($0) } }

    /// Whether the two-character operator `operator` stands in it, outside the identifiers it spells out.
    private func mentions(_ operator: String) -> Bool {
        let characters = scanned.characters
        let (first, second) = (Array(`operator`.utf8)[0], Array(`operator`.utf8)[1])
        var index = 0
        while index < characters.count {
            // An identifier: its length in decimal, then that many characters, never read as operators.
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(characters[index]) {
                var length = 0
                while index < characters.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[index]) {
                    length = min(length * 10 + Int(characters[index] - UInt8(ascii: "0")), characters.count)
                    index += 1
                }
                index += length
                continue
            }
            if characters[index] == first, index + 1 < characters.count, characters[index + 1] == second { return true }
            index += 1
        }
        return false
    }

    /// The layout of a capture of this type, or `nil` when it cannot be known.
    func captureLayout() -> Layout? {
        let (characters, length) = scanned
        let word = MemoryLayout<Int>.size
        switch String(decoding: characters.suffix(2), as: UTF8.self) {
        case "Xw": return Layout(kind: .weak, size: word, alignment: word)
        case "Xo", "Xu": return Layout(kind: .notStrong, size: word, alignment: word)
        case "Xx", "XX", "Xb": return Layout(kind: .box, size: word, alignment: word)
        // An Objective-C block: one word, a pointer to a block whose captures are not laid out here.
        case "XB": return Layout(kind: .notStrong, size: word, alignment: word)
        default: break
        }
        // A lowered metatype: a thin one takes no room, a thick one a word, and neither holds an object.
        switch String(decoding: characters.suffix(3), as: UTF8.self) {
        case "XMt": return Layout(kind: .notStrong, size: 0, alignment: 1)
        case "XMT", "XMo": return Layout(kind: .notStrong, size: word, alignment: word)
        default: break
        }
        if characters.last == UInt8(ascii: "_") {
            return functionLayout(characters)
        }
        // An optional lowered function (`Ieg_Sg`): a thick one keeps its two words, nil a null pointer.
        if characters.suffix(3).elementsEqual("_Sg".utf8), let function = functionLayout(characters.dropLast(2)) {
            guard case .thickFunction = function.kind else { return nil }
            return Layout(kind: .optionalThickFunction, size: function.size, alignment: function.alignment)
        }
        guard !mentionsPack else { return nil }
        return Self.resolve(start, length).map(Layout.value)
    }

    /// The layout of a capture whose type mentions the generic parameters `parameters` gives
    /// (`7NIOCore17EventLoopPromiseVyxG`: a promise of the closure's `T`), resolved by the
    /// runtime with those arguments; `nil` when they are not the first one or two parameters of
    /// the outermost generic context, the only shapes laid out here.
    func captureLayout(substituting parameters: [String: Any.Type]) -> Layout? {
        let order = ["x", "q_"]
        // With this variable set, the runtime's report of a failed substitution reads past a
        // null pointer (Swift 6.3): no substitution is asked for then.
        guard getenv("SWIFT_DEBUG_FAILED_TYPE_LOOKUP") == nil, !mentionsPack, !parameters.isEmpty, parameters.count <= order.count else {
            return nil
        }
        let arguments = order.prefix(parameters.count).compactMap { parameters[$0] }
        guard arguments.count == parameters.count, let context = GenericShape.context(parameterCount: arguments.count) else {
            return nil
        }
        let length = scanned.length
        let metadata = arguments.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        let resolved = metadata.withUnsafeBufferPointer { buffer in
            Resolver.function?(start, UInt(length), context, UnsafeRawPointer(buffer.baseAddress))
        }
        return resolved.map { Layout.value(unsafeBitCast($0, to: Any.Type.self)) }
    }

    /// A lowered function type (`Ieg_`, `SiIegy_`): its convention, after its last `I`, says
    /// whether it has a context.
    private func functionLayout(_ characters: some BidirectionalCollection<UInt8>) -> Layout? {
        guard let impl = characters.lastIndex(of: UInt8(ascii: "I")) else { return nil }
        // Escaping (`e`) and `@isolated(any)` (`A`) come before the callee's convention.
        var rest = characters[characters.index(after: impl)...].drop { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "A") }
        let word = MemoryLayout<Int>.size
        guard let callee = rest.popFirst() else { return nil }
        switch callee {
        case UInt8(ascii: "t"): return Layout(kind: .thinFunction, size: word, alignment: word)
        case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "x"):
            // A representation other than a thick Swift closure (a block `B`, a C function `C`, a
            // method `M`, an Objective-C method `J`, a closure `K`, a witness method `W`) has no context.
            if let representation = rest.first, Array("BCMJKW".utf8).contains(representation) {
                return Layout(kind: .thinFunction, size: word, alignment: word)
            }
            return Layout(kind: .thickFunction, size: 2 * word, alignment: word)
        default: return nil
        }
    }

    /// The type it names in a generic context, with that context's arguments.
    func resolved(in context: UnsafeRawPointer, arguments: UnsafeRawPointer) -> Any.Type? {
        guard let resolver = Resolver.function, let metadata = resolver(start, UInt(scanned.length), context, arguments) else {
            return nil
        }
        return unsafeBitCast(metadata, to: Any.Type.self)
    }

    /// The type it names, resolved by the runtime in place with no generic context; `nil` for a
    /// name of a parameter pack, or one the runtime cannot resolve so.
    func resolvedAlone() -> Any.Type? {
        guard !mentionsPack else { return nil }
        return Self.resolve(start, scanned.length)
    }

    /// The type a mangled name names, resolved by the runtime in place.
    private static func resolve(_ name: UnsafeRawPointer, _ length: Int) -> Any.Type? {
        guard let resolver = Resolver.function, let metadata = resolver(name, UInt(length), nil, nil) else { return nil }
        return unsafeBitCast(metadata, to: Any.Type.self)
    }
}

/// The runtime's own resolver of mangled names (`swift_getTypeByMangledNameInContext`), which
/// understands symbolic references in place; looked up once, by name, as the runtime exports it.
private enum Resolver {
    typealias Function = @convention(c) (UnsafeRawPointer, UInt, UnsafeRawPointer?, UnsafeRawPointer?) -> UnsafeRawPointer?

    static let function: Function? = dlsym(everyImage, "swift_getTypeByMangledNameInContext").map {
        unsafeBitCast($0, to: Function.self)
    }

    /// `RTLD_DEFAULT`: every image loaded, in load order.
    private static var everyImage: UnsafeMutableRawPointer? {
        #if os(Linux)
        return nil
        #else
        return UnsafeMutableRawPointer(bitPattern: -2)
        #endif
    }
}

/// A generic context the runtime substitutes a closure's generic arguments in: a standard
/// library type's, with as many parameters at the outermost depth and no requirements
/// (`Optional<Wrapped>`, `KeyValuePairs<Key, Value>`), whose parameters are spelled `x` and `q_`
/// as the closure's are.
private enum GenericShape {
    static func context(parameterCount: Int) -> UnsafeRawPointer? {
        switch parameterCount {
        case 1: return FieldRecords.typeDescriptor(of: Int?.self)
        case 2: return FieldRecords.typeDescriptor(of: KeyValuePairs<Int, Int>.self)
        default: return nil
        }
    }
}
