import Synchronization

/// The children of a value that can hold something strongly, read so that reading them is
/// harmless: a weak or unowned stored property is never loaded (`FieldRecords` says which they
/// are), and a `Mutex`'s value, which `Mirror` shows as `()`, is copied out under its own lock.
enum StrongChildren {
    /// One child: its label (`nil` for an element), its value, and whether the subject keeps it
    /// only weakly (a `weak` property, loaded as `weak` loads: `nil` once its object is gone).
    struct Child {
        let label: String?
        let value: Any
        var weak = false
    }

    /// What `mirror` lists of its subject's own level that can hold something strongly, and its
    /// `weak` properties, marked so (the walk reports a holder kept so, and goes no further).
    /// `object` is the instance when the subject is a class (its `Mutex` fields are read in
    /// place); `unopened` gets the name of each `Mutex` whose lock was held, and of each other
    /// storage it shows as `()` but cannot look inside.
    ///
    /// `constantsOnly`: the subject is an object something else keeps too, whose owner may change
    /// its `var`s while they are read (an event loop's queue, on the loop's thread); of those only
    /// the ones typed as a holder (a `Timer`, source, task or work item, optional or not) are
    /// read, a single reference each, and the rest are never loaded.
    static func of(_ mirror: Mirror, object: AnyObject?, unopened: inout [String], constantsOnly: Bool = false) -> [Child] {
        guard let fields = FieldRecords.fields(of: mirror.subjectType), fields.count == mirror.children.count else {
            // No records to go by (an enum, a tuple, a collection): its children hold no weak or unowned field themselves.
            return mirror.children.map { Child(label: $0.label, value: $0.value) }
        }
        let offsets = object.flatMap { _ in FieldRecords.offsets(ofClass: mirror.subjectType) }
        var children: [Child] = []
        var index = mirror.children.startIndex
        for (position, field) in fields.enumerated() {
            defer { index = mirror.children.index(after: index) }
            // An unowned field is never loaded: neither `mirror.children[index]` nor its label is read.
            guard field.isStrong || field.typeName.isWeak else { continue }
            guard !constantsOnly || !field.isVar || field.typeName.namesHolderType else { continue }
            let child = mirror.children[index]
            guard field.isStrong else {
                children.append(Child(label: child.label, value: child.value, weak: true))
                continue
            }
            guard child.value is Void, !field.typeName.isVoid else {
                children.append(Child(label: child.label, value: child.value))
                continue
            }
            // Shown as `()`: a value `Mirror` cannot copy (a `Mutex`, or another non-copyable type).
            if let object, let offsets, let span = FieldRecords.span(ofField: position, offsets: offsets, inClass: mirror.subjectType),
                case .value(let value) = LockedValue.read(
                    at: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offsets[position], span: span)
            {
                children.append(Child(label: child.label, value: value))
            } else {
                unopened.append(field.name)
            }
        }
        return children
    }
}
