/// One object as the walk reads it: its address, its class (believed, `TrustedType`), and a copy
/// of its instance's bytes taken in one read, so that its fields are read as they were together.
struct RawObject {
    let address: UInt
    /// Its first word: its class's metadata.
    let isa: UInt
    let type: Any.Type
    /// Its instance's bytes, from its header on.
    let contents: RawValue

    /// The object at `address`, or `nil` when its class is not believed or it cannot be read.
    static func read(_ address: UInt) -> RawObject? {
        guard let (isa, type) = header(address) else { return nil }
        return read(address, isa: isa, type: type)
    }

    /// The first word of the object at `address` and the class it names, if that is believed:
    /// what tells a holder, before anything more of it is read.
    static func header(_ address: UInt) -> (isa: UInt, type: Any.Type)? {
        guard address != 0, address & 0x7 == 0, let isa = RawMemory.isa(of: address), let type = TrustedType.classType(isa) else {
            return nil
        }
        return (isa, type)
    }

    /// The object at `address`, whose first word was read as `isa`, a believed class: its
    /// instance's size is read from that class's metadata, its bytes from memory.
    static func read(_ address: UInt, isa: UInt, type: Any.Type) -> RawObject? {
        // A class's metadata: its isa, superclass, flags, instance address point, then its instance size.
        let size = Int(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
        guard size >= 16, let bytes = RawMemory.bytes(at: address, count: min(size, RawMemory.readLimit)) else { return nil }
        return RawObject(address: address, isa: isa, type: type, contents: RawValue(type: type, bytes: bytes, origin: address))
    }

    /// Its class's stored properties, with those that could not be laid out.
    var layout: TypeFields.Layout? { TypeFields.of(type, isClass: true) }

    /// Which of its stored properties to read: all; the constants (its `let`s, and the `var`s
    /// typed as a holder), what cannot change under a walk; or the rest, the other `var`s.
    enum Selection {
        case all, constants, variables

        func admits(_ field: RawChild) -> Bool {
            let constant = !field.isVar || field.namesHolderType
            switch self {
            case .all: return true
            case .constants: return constant
            case .variables: return !constant
            }
        }
    }

    /// Its stored properties' values that can hold something (not `unowned`); with
    /// `constantsOnly`, only its `let`s and the `var`s typed as a holder.
    func fields(constantsOnly: Bool = false) -> [RawChild] {
        layout.map { fields(of: $0, selection: constantsOnly ? .constants : .all) } ?? []
    }

    /// The `selection` of them, laid out by `layout` (its class's, told already).
    func fields(of layout: TypeFields.Layout, selection: Selection) -> [RawChild] {
        contents.fieldChildren(layout, at: 0).filter(selection.admits)
    }

    /// Whether it is an instance of `type` or of a subclass of it.
    func isInstance(of type: AnyClass) -> Bool {
        Self.isSubclass(self.type, of: type)
    }

    /// Whether `type` is the class `ancestor` or a subclass of it.
    static func isSubclass(_ type: Any.Type, of ancestor: AnyClass) -> Bool {
        var current: AnyClass? = type as? AnyClass
        while let level = current {
            if level == ancestor { return true }
            current = _getSuperclass(level)
        }
        return false
    }
}
