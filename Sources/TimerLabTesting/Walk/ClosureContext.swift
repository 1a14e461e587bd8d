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
    /// One capture, as read from the context's bytes: nothing of it is retained.
    enum Capture {
        /// A `weak` reference's object, if it was alive when read. It holds nothing.
        case weak(UInt?)
        /// A reference to a class instance, and where it was read from.
        case object(UInt, origin: UInt?)
        /// Another heap context: a closure it captured, or the box of a captured `var`.
        case context(UInt)
        /// Any other value, to read with `RawValue.parts`.
        case value(RawValue)
    }

    /// The context of the Swift closure in `value` (a value the caller owns), if `value` holds a
    /// thick Swift function with one.
    static func context(ofFunction value: Any) -> UInt? {
        guard MemoryLayout<Int>.size == 8, TypeLayout.kind(of: type(of: value)) == MetadataKind.function else { return nil }
        guard case .closure(let context) = RawValue.owned(value).parts() else { return nil }
        return context
    }

    /// What the heap object at `context` (a closure context, a box or a class instance) holds
    /// strongly, and its `weak` captures, or `nil` when its layout cannot be read.
    static func captures(of context: UInt) -> [Capture]? {
        guard let isa = RawMemory.isa(of: context) else { return nil }
        if TrustedType.classType(isa) != nil { return [.object(context, origin: nil)] }
        guard let kind = RawMemory.word(at: isa) else { return nil }
        switch kind {
        // A closure's metadata is emitted with its code: it lies in a loaded image, and is read so.
        case MetadataKind.heapLocalVariable where RawMemory.isInLoadedImage(isa):
            return closureCaptures(context, metadata: UnsafeRawPointer(bitPattern: isa)!)
        case MetadataKind.heapGenericLocalVariable: return boxCaptures(context, metadata: isa)
        default: return nil
        }
    }

    /// A closure context's captures, laid out from its capture descriptor: its bindings (the
    /// metadata of a generic closure's arguments) first, then each capture in order.
    private static func closureCaptures(_ context: UInt, metadata: UnsafeRawPointer) -> [Capture]? {
        let firstOffset = Int(metadata.load(fromByteOffset: 8, as: UInt32.self))
        guard let descriptor = metadata.load(fromByteOffset: 16, as: UnsafeRawPointer?.self),
            RawMemory.isInLoadedImage(UInt(bitPattern: descriptor))
        else { return nil }
        let count = Int(descriptor.load(as: UInt32.self))
        let bindingCount = Int(descriptor.load(fromByteOffset: 8, as: UInt32.self))
        guard count <= 64, bindingCount <= 64 else { return nil }
        // A binding its descriptor names as a type's metadata that does not read as one means
        // the context is laid out otherwise than the descriptor says (a generic `@isolated(any)`
        // closure keeps its isolation first, unlisted): nothing of it is read, rather than read shifted.
        guard
            let parameters = genericParameters(
                descriptor, captureCount: count, bindings: context + UInt(firstOffset), bindingCount: bindingCount)
        else { return nil }
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
            if let capture = read(layout, at: context + UInt(offset)) { captures.append(capture) }
            offset += layout.size
        }
        return captures
    }

    /// Each generic parameter (as mangled: `x`, `q_`) a metadata source gives as a binding
    /// (`B0`, `B1`…), with that binding's type: the generic arguments the closure was made with;
    /// `nil` when a binding a source names is not a type's metadata.
    private static func genericParameters(
        _ descriptor: UnsafeRawPointer, captureCount: Int, bindings: UInt, bindingCount: Int
    ) -> [String: Any.Type]? {
        let sourceCount = Int(descriptor.load(fromByteOffset: 4, as: UInt32.self))
        guard bindingCount > 0, sourceCount <= 64 else { return [:] }
        var parameters: [String: Any.Type] = [:]
        for index in 0..<sourceCount {
            let record = descriptor + 12 + 4 * captureCount + 8 * index
            let parameter = MangledName(record + Int(record.load(as: Int32.self))).text
            let source = MangledName(record + 4 + Int((record + 4).load(as: Int32.self))).text
            guard source.first == "B", let binding = Int(source.dropFirst().prefix { $0.isNumber }), binding < bindingCount else {
                continue
            }
            guard let word = RawMemory.word(at: bindings + UInt(binding * MemoryLayout<Int>.size)), let type = TrustedType.type(word)
            else { return nil }
            parameters[parameter] = type
        }
        return parameters
    }

    /// A box's value (a captured `var`): its metadata names the type and where the value starts.
    private static func boxCaptures(_ box: UInt, metadata: UInt) -> [Capture]? {
        guard let offset = RawMemory.word(at: metadata + 8), let typeWord = RawMemory.word(at: metadata + 16),
            let boxed = TrustedType.type(typeWord),
            let value = RawValue.read(boxed, at: box + UInt(UInt32(truncatingIfNeeded: offset)))
        else { return nil }
        return [.value(value)]
    }

    private static func read(_ layout: MangledName.Layout, at address: UInt) -> Capture? {
        switch layout.kind {
        case .notStrong, .thinFunction: return nil
        case .weak: return RawMemory.word(at: address).map { .weak(RawMemory.weakReferent($0)) }
        case .thickFunction:
            return RawMemory.word(at: address + 8).flatMap { $0 == 0 ? nil : .context($0) }
        case .optionalThickFunction:
            // `nil` is a null function pointer, and then the context word means nothing.
            guard let function = RawMemory.word(at: address), function != 0 else { return nil }
            return RawMemory.word(at: address + 8).flatMap { $0 == 0 ? nil : .context($0) }
        case .box:
            return RawMemory.word(at: address).flatMap { $0 == 0 ? nil : .context($0) }
        case .value(let type):
            if TypeLayout.isClass(type) {
                return RawMemory.word(at: address).flatMap { $0 == 0 ? nil : .object($0, origin: address) }
            }
            return RawValue.read(type, at: address).map(Capture.value)
        }
    }
}

/// The metadata kinds read here (swiftlang/swift's `include/swift/ABI/MetadataKind.def`).
enum MetadataKind {
    static let function: UInt = 0x302
    static let heapLocalVariable: UInt = 0x400
    static let heapGenericLocalVariable: UInt = 0x500

    /// Whether a kind word is a class's: 0, or an Objective-C isa pointer where there is interop.
    static func isClass(_ kind: UInt) -> Bool { kind == 0 || kind > 0x7FF }
}
