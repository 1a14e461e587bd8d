/// Spells a chain of references that `RootSearch` followed as Swift code reaches it: the global
/// first, then, for each object on the way, the property (and the element of a collection it
/// keeps) that refers to the next: `FeedRegistry.shared` → `refreshers[0]`.
struct PathSpelling {
    /// For each object on the chain, the reference by which it refers to the next one.
    let below: [UInt: (location: UInt, referent: UInt)]

    init(below steps: [UInt: some StepLike]) {
        below = steps.mapValues { ($0.location, $0.referent) }
    }

    /// The chain from the global whose storage at `root` (in `image`) refers to `first`, down to `target`.
    func spell(root: UInt, image: (path: String, base: UInt), first: UInt, target: UInt) -> [String] {
        let global =
            ImageSymbols.of(path: image.path, base: image.base)?.name(at: root)
            ?? "a global of \(image.path.split(separator: "/").last.map(String.init) ?? image.path)"
        var steps = [global]
        var object = first
        var guardCount = 0
        while object != target, let step = below[object], guardCount < RootSearch.levelLimit + 1 {
            guardCount += 1
            // An object reached through a collection's storage is named with the element, in one step.
            let through = below[step.referent].flatMap { isStorage(step.referent) ? $0.referent : nil }
            steps.append(hop(from: object, at: step.location, to: through ?? step.referent, storage: through == nil ? nil : step.referent))
            object = through ?? step.referent
        }
        return steps
    }

    private func isStorage(_ address: UInt) -> Bool {
        guard let isa = RawMemory.word(at: address), let descriptor = HeapObjects.classDescriptor(isa) else { return false }
        return Descriptors.arrayStorage.contains(descriptor) || Descriptors.hashedStorage.contains(descriptor)
    }

    /// How the object at `object` reaches `next` through the word at `location`: a property's
    /// path, with its element (`items[2]`, `entries["avatar"]`) where a collection's `storage` is between.
    private func hop(from object: UInt, at location: UInt, to next: UInt, storage: UInt?) -> String {
        if isStorage(object) { return untypedElement(of: object, at: location) }
        guard let read = RawObject.read(object) else { return "(an object)" }
        let fields = read.fields()
        let paths = PropertyWalk.fieldPaths(fields, under: "")
        for (field, path) in zip(fields, paths) {
            guard let origin = field.value.origin, location >= origin, location < origin + UInt(max(field.value.bytes.count, 8)) else {
                continue
            }
            return Self.find(next, in: field.value, path: path, depth: 4) ?? path
        }
        return "(a stored property)"
    }

    /// An element of a collection's storage met with no property above it to tell its type: its index.
    private func untypedElement(of storage: UInt, at location: UInt) -> String {
        guard let isa = RawMemory.word(at: storage), let descriptor = HeapObjects.classDescriptor(isa),
            Descriptors.arrayStorage.contains(descriptor), location >= storage + 32
        else { return "[…]" }
        return "[\((location - storage - 32) / 8)]"
    }

    /// The path inside `value` to a reference to `target`, `depth` levels down at most.
    private static func find(_ target: UInt, in value: RawValue, path: String, depth: Int) -> String? {
        switch value.parts() {
        case .object(let address, _): return address == target ? path : nil
        case .children(let children, let style) where depth > 0:
            for (index, child) in children.enumerated() {
                let childPath = PropertyWalk.childPath(path, child.name, index: index, style: style)
                if let found = find(target, in: child.value, path: childPath, depth: depth - 1) { return found }
            }
            return nil
        default: return nil
        }
    }
}

/// A reference `RootSearch` followed: where it lies and what it refers to.
protocol StepLike {
    var location: UInt { get }
    var referent: UInt { get }
}
