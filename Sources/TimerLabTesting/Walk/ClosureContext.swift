/// Reads what a closure's context holds, from the capture descriptor the compiler records for it.
///
/// A Swift closure is a function pointer and a context: a heap object whose metadata
/// (`HeapLocalVariableMetadata`, kind 0x400) gives the offset of its first capture and a
/// capture descriptor that names each capture's type, in order (swiftlang/swift's
/// `include/swift/RemoteInspection/Records.h`). A partial application of one object, as
/// `owner.tick`, uses that object itself as the context. A captured `var` is a box: a heap
/// object of kind 0x500 that names the type it holds. A closure made in a generic function
/// (a library's wrapper around the closure you pass it) keeps its generic arguments' metadata
/// first, its *bindings*; the descriptor's metadata sources say which binding each generic
/// parameter is (`B0`). Nothing here guesses: a value is read only at an offset laid out from
/// types the runtime resolved or a binding gave, and a context whose layout cannot be laid out
/// that way (a type the runtime does not resolve, even with the bindings substituted) is not
/// read past the last capture that could. The layouts are a 64-bit runtime's; on any other
/// (watchOS's arm64_32), no closure's context is read.
enum ClosureContext {
    /// One capture: a strong one, or a `weak` reference.
    enum Capture {
        /// A `weak` reference, loaded: `nil` once its object is gone. It holds nothing.
        case weak(AnyObject?)
        /// A reference to a class instance.
        case object(AnyObject)
        /// Another heap context: a closure it captured, or the box of a captured `var`.
        case context(UnsafeRawPointer)
        /// Any other value, to walk with `Mirror`.
        case value(Any)
    }

    /// The context of the Swift closure in `value`, if `value` holds a thick Swift function with one.
    static func context(ofFunction value: Any) -> UnsafeRawPointer? {
        // The offsets below are a 64-bit runtime's: elsewhere no closure is read.
        guard MemoryLayout<Int>.size == 8 else { return nil }
        let type = type(of: value)
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == MetadataKind.function else { return nil }
        // The function type's flags: its convention in bits 16 to 23 (0: a Swift closure, with a context).
        guard (metadata.load(fromByteOffset: 8, as: UInt.self) >> 16) & 0xFF == 0 else { return nil }
        var copy = value
        // A thick function fits an existential's inline buffer: its function pointer, then its context.
        return withUnsafeBytes(of: &copy) { $0.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer?.self) }
    }

    /// Whether the heap object `context` is a class instance (an object used as a closure's
    /// context), rather than a closure context or a box.
    static func isObject(_ context: UnsafeRawPointer) -> Bool {
        MetadataKind.isClass(context.load(as: UnsafeRawPointer.self).load(as: UInt.self))
    }

    /// What the heap object `context` (a closure context, a box or a class instance) holds
    /// strongly, and its `weak` captures, or `nil` when its layout cannot be read.
    static func captures(of context: UnsafeRawPointer) -> [Capture]? {
        let metadata = context.load(as: UnsafeRawPointer.self)
        let kind = metadata.load(as: UInt.self)
        if MetadataKind.isClass(kind) {
            return [.object(Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue())]
        }
        switch kind {
        case MetadataKind.heapLocalVariable: return closureCaptures(context, metadata: metadata)
        case MetadataKind.heapGenericLocalVariable: return boxCaptures(context, metadata: metadata)
        default: return nil
        }
    }

    /// A closure context's captures, laid out from its capture descriptor: its bindings (the
    /// metadata of a generic closure's arguments) first, then each capture in order.
    private static func closureCaptures(_ context: UnsafeRawPointer, metadata: UnsafeRawPointer) -> [Capture]? {
        let firstOffset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
        guard let descriptor = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) else { return nil }
        let count = Int(descriptor.load(as: UInt32.self))
        let bindingCount = Int(descriptor.load(fromByteOffset: 8, as: UInt32.self))
        guard count <= 64, bindingCount <= 64 else { return nil }
        let parameters = genericParameters(descriptor, captureCount: count, bindings: context + firstOffset, bindingCount: bindingCount)
        var offset = firstOffset + bindingCount * MemoryLayout<Int>.size
        var captures: [Capture] = []
        for index in 0..<count {
            let field = descriptor + 12 + 4 * index
            let name = MangledName(field + Int(field.load(as: Int32.self)))
            guard
                let layout = parameters[name.text].map(MangledName.Layout.value) ?? name.captureLayout()
                    ?? name.captureLayout(substituting: parameters)
            else { return captures }
            offset = (offset + layout.alignment - 1) / layout.alignment * layout.alignment
            if let capture = read(layout, at: context + offset) { captures.append(capture) }
            offset += layout.size
        }
        return captures
    }

    /// Each generic parameter (as mangled: `x`, `q_`) a metadata source gives as a binding
    /// (`B0`, `B1`…), with that binding's type: the generic arguments the closure was made with.
    private static func genericParameters(
        _ descriptor: UnsafeRawPointer, captureCount: Int, bindings: UnsafeRawPointer, bindingCount: Int
    ) -> [String: Any.Type] {
        let sourceCount = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
        guard bindingCount > 0, sourceCount <= 64 else { return [:] }
        var parameters: [String: Any.Type] = [:]
        for index in 0..<sourceCount {
            let record = descriptor + 12 + 4 * captureCount + 8 * index
            let parameter = MangledName(record + Int(record.load(as: Int32.self))).text
            let source = MangledName(record + 4 + Int((record + 4).load(as: Int32.self))).text
            guard source.first == "B", let binding = Int(source.dropFirst().prefix { $0.isNumber }), binding < bindingCount,
                let type = bindings.load(fromByteOffset: binding * MemoryLayout<Int>.size, as: UnsafeRawPointer?.self)
            else { continue }
            parameters[parameter] = unsafeBitCast(type, to: Any.Type.self)
        }
        return parameters
    }

    /// A box's value (a captured `var`): its metadata names the type and where the value starts.
    private static func boxCaptures(_ box: UnsafeRawPointer, metadata: UnsafeRawPointer) -> [Capture]? {
        let offset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
        let boxed = unsafeBitCast(metadata.load(fromByteOffset: 16, as: UnsafeRawPointer.self), to: Any.Type.self)
        return read(.init(kind: .value(boxed), size: 0, alignment: 1), at: box + offset).map { [$0] } ?? []
    }

    private static func read(_ layout: MangledName.Layout, at address: UnsafeRawPointer) -> Capture? {
        switch layout.kind {
        case .notStrong, .thinFunction: return nil
        case .weak:
            // Loaded as the runtime loads a weak reference (`swift_weakLoadStrong`), never as bits.
            return .weak(address.load(as: WeakCapture.self).object)
        case .thickFunction:
            return address.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer?.self).map(Capture.context)
        case .optionalThickFunction:
            // `nil` is a null function pointer, and then the context word means nothing.
            guard address.load(as: UnsafeRawPointer?.self) != nil else { return nil }
            return address.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer?.self).map(Capture.context)
        case .box:
            return address.load(as: UnsafeRawPointer?.self).map(Capture.context)
        case .value(let type):
            return .value(load(type, at: address))
        }
    }

    /// A copy of the value of `type` stored at `address`.
    private static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func copy<T>(_: T.Type) -> Any { address.load(as: T.self) }
        return _openExistential(type, do: copy)
    }
}

/// The layout of one `weak` reference to a native Swift object: a `weak` capture's first word.
private struct WeakCapture {
    weak var object: AnyObject?
}

/// The metadata kinds read here (swiftlang/swift's `include/swift/ABI/MetadataKind.def`).
enum MetadataKind {
    static let function: UInt = 0x302
    static let heapLocalVariable: UInt = 0x400
    static let heapGenericLocalVariable: UInt = 0x500

    /// Whether a kind word is a class's: 0, or an Objective-C isa pointer where there is interop.
    static func isClass(_ kind: UInt) -> Bool { kind == 0 || kind > 0x7FF }
}
