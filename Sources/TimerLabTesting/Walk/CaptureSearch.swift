/// Whether a closure holds one object strongly (or takes it weakly), directly or through what it
/// captures: closures it captured, boxes of captured `var`s, objects and values, read from
/// memory as bytes (`ClosureContext`, `RawValue`), never through a weak or unowned reference,
/// nothing retained, and bounded in depth and in steps.
struct CaptureSearch {
    /// How deep it follows captures, and how many contexts and objects it reads at most.
    static let depthLimit = 8
    static let stepLimit = 256

    private let target: UInt
    /// Whether it looks for a `weak` capture of the target, where a closure takes it weakly,
    /// rather than for a strong one.
    private let weakly: Bool
    private var visited: Set<UInt> = []
    private var steps = 0
    /// Whether it follows closures only, comparing every object it meets with the target and
    /// reading none: the search a library's lock is held for, kept short.
    private var closuresOnly = false

    /// A search for a strong capture of `target`, or (`weakly`) a `weak` one.
    init(for target: AnyObject, weakly: Bool = false) {
        self.init(forIdentifier: ObjectIdentifier(target), weakly: weakly)
    }

    /// The same search, told only the target's identity (a walk keeps no reference to its object);
    /// `closuresOnly`: through closures alone, no object or value read.
    init(forIdentifier target: ObjectIdentifier, weakly: Bool = false, closuresOnly: Bool = false) {
        self.target = UInt(bitPattern: Int(bitPattern: target))
        self.weakly = weakly
        self.closuresOnly = closuresOnly
    }

    /// How the closure whose context is `context` takes `target`: strongly, with the way it
    /// reaches it, else weakly; `nil` when it does not.
    static func capture(of target: ObjectIdentifier, inContext context: UInt, closuresOnly: Bool = false) -> (
        route: [String], weakly: Bool
    )? {
        var strong = CaptureSearch(forIdentifier: target, closuresOnly: closuresOnly)
        if let route = strong.route(fromContext: context, depth: 0) { return (route, false) }
        var weak = CaptureSearch(forIdentifier: target, weakly: true, closuresOnly: closuresOnly)
        return weak.route(fromContext: context, depth: 0).map { ($0, true) }
    }

    /// How the closure in `value` (a value the caller owns) reaches the target: `[]` when it
    /// captures the target itself, else what it captures on the way (`a closure`, `a Relay`);
    /// `nil` when it does not, or `value` is no closure.
    mutating func route(fromClosure value: Any) -> [String]? {
        guard let context = ClosureContext.context(ofFunction: value) else { return nil }
        return route(fromContext: context, depth: 0)
    }

    /// The same, from a closure's context.
    mutating func route(fromContext context: UInt, depth: Int) -> [String]? {
        guard depth < Self.depthLimit, admit(context) else { return nil }
        // The target itself first, then closures, then what else it captures: the way from a
        // library's wrapper to the closure a user passed runs through closures, and an object
        // captured beside it (a library's event loop) could spend every step on its constants.
        let captures = (ClosureContext.captures(of: context) ?? []).sorted { rank($0) < rank($1) }
        for capture in captures {
            let found: [String]?
            switch capture {
            case .object(let object, _): found = route(fromObject: object, depth: depth, isContext: object == context)
            case .context(let inner): found = route(fromContext: inner, depth: depth + 1).map { ["a closure"] + $0 }
            case .value(let value): found = route(fromValue: value, depth: depth + 1)
            case .weak(let object): found = weakly && object == target ? [] : nil
            }
            if let found { return found }
        }
        return nil
    }

    /// Which captures are read first: the target and weak references (no step), then closures.
    private func rank(_ capture: ClosureContext.Capture) -> Int {
        switch capture {
        case .object(let object, _): return object == target ? 0 : 2
        case .weak: return 0
        case .context: return 1
        case .value(let value): return TypeLayout.kind(of: value.type) == MetadataKind.function ? 1 : 2
        }
    }

    private mutating func route(fromObject object: UInt, depth: Int, isContext: Bool = false) -> [String]? {
        if object == target { return [] }
        guard !closuresOnly, depth < Self.depthLimit, isContext || admit(object), let read = RawObject.read(object) else { return nil }
        // An object a closure captures is someone else's as much as the closure's (a library's
        // event loop, changing its queue on its own thread): only its constants are read, and its
        // `var`s that hold a timer, source, task or work item.
        for child in read.fields(constantsOnly: true) {
            if let found = route(fromChild: child, depth: depth + 1) { return ["a \(read.type)"] + found }
        }
        return nil
    }

    private mutating func route(fromChild child: RawChild, depth: Int) -> [String]? {
        switch child.strength {
        case .unowned: return nil
        case .weak: return weakly && RawMemory.weakReferent(child.value.word(at: 0)) == target ? [] : nil
        case .strong: return route(fromValue: child.value, depth: depth)
        }
    }

    private mutating func route(fromValue value: RawValue, depth: Int) -> [String]? {
        switch value.parts() {
        case .object(let object, _): return route(fromObject: object, depth: depth)
        case .closure(let context): return route(fromContext: context, depth: depth + 1).map { ["a closure"] + $0 }
        case .children(let children, _):
            guard depth < Self.depthLimit else { return nil }
            for child in children {
                // Values (an optional, a struct) are read even when only closures are followed: a
                // closure is often inside one.
                if let found = route(fromChild: child, depth: depth + 1) { return found }
            }
            return nil
        case .weak(let object): return weakly && object == target ? [] : nil
        case .leaf, .task, .unreadable: return nil
        }
    }

    /// Counts a step and marks the heap object at `address` read; `false` when it was read
    /// already or the steps ran out.
    private mutating func admit(_ address: UInt) -> Bool {
        guard steps < Self.stepLimit, visited.insert(address).inserted else { return false }
        steps += 1
        return true
    }
}
