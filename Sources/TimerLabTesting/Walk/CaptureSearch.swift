/// Whether a closure holds one object strongly (or takes it weakly), directly or through what it
/// captures: closures it captured, boxes of captured `var`s, objects and values, read with
/// `ClosureContext` and `Mirror`, never through a weak or unowned reference, and bounded in depth
/// and in steps.
struct CaptureSearch {
    /// How deep it follows captures, and how many contexts and objects it reads at most.
    static let depthLimit = 8
    static let stepLimit = 256

    private let target: ObjectIdentifier
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
        self.target = target
        self.weakly = weakly
        self.closuresOnly = closuresOnly
    }

    /// How the closure in `value` takes `target`: strongly, with the way it reaches it, else
    /// weakly; `nil` when it does not, or `value` is no closure.
    static func capture(of target: ObjectIdentifier, in value: Any, closuresOnly: Bool = false) -> (route: [String], weakly: Bool)? {
        var strong = CaptureSearch(forIdentifier: target, closuresOnly: closuresOnly)
        if let route = strong.route(fromClosure: value) { return (route, false) }
        var weak = CaptureSearch(forIdentifier: target, weakly: true, closuresOnly: closuresOnly)
        return weak.route(fromClosure: value).map { ($0, true) }
    }

    /// How the closure in `value` reaches the target: `[]` when it captures the target itself,
    /// else what it captures on the way (`a closure`, `a Relay`); `nil` when it does not, or
    /// `value` is no closure.
    mutating func route(fromClosure value: Any) -> [String]? {
        guard let context = ClosureContext.context(ofFunction: value) else { return nil }
        return route(fromContext: context, depth: 0)
    }

    private mutating func route(fromContext context: UnsafeRawPointer, depth: Int) -> [String]? {
        // An object used as the context itself (`owner.tick`) is admitted as an object, below.
        guard depth < Self.depthLimit, ClosureContext.isObject(context) || admit(UInt(bitPattern: context)) else {
            return nil
        }
        // The target itself first, then closures, then what else it captures: the way from a
        // library's wrapper to the closure a user passed runs through closures, and an object
        // captured beside it (a library's event loop) could spend every step on its constants.
        let captures = (ClosureContext.captures(of: context) ?? []).sorted { rank($0) < rank($1) }
        for capture in captures {
            let found: [String]?
            switch capture {
            case .object(let object): found = route(fromObject: object, depth: depth)
            case .context(let inner): found = route(fromContext: inner, depth: depth + 1).map { ["a closure"] + $0 }
            case .value(let value): found = route(fromValue: value, depth: depth + 1)
            case .weak(let object): found = weakly && object.map(ObjectIdentifier.init) == target ? [] : nil
            }
            if let found { return found }
        }
        return nil
    }

    /// Which captures are read first: the target and weak references (no step), then closures.
    private func rank(_ capture: ClosureContext.Capture) -> Int {
        switch capture {
        case .object(let object): return ObjectIdentifier(object) == target ? 0 : 2
        case .weak: return 0
        case .context: return 1
        case .value(let value): return ClosureContext.context(ofFunction: value) != nil ? 1 : 2
        }
    }

    private mutating func route(fromObject object: AnyObject, depth: Int) -> [String]? {
        if ObjectIdentifier(object) == target { return [] }
        guard !closuresOnly, depth < Self.depthLimit, admit(UInt(bitPattern: ObjectIdentifier(object))) else { return nil }
        // An object a closure captures is someone else's as much as the closure's (a library's
        // event loop, changing its queue on its own thread): only its constants are read, and its
        // `var`s that hold a timer, source, task or work item.
        return route(fromChildrenOf: Mirror(reflecting: object), object: object, depth: depth + 1, constantsOnly: true).map {
            ["a \(type(of: object))"] + $0
        }
    }

    private mutating func route(fromValue value: Any, depth: Int) -> [String]? {
        if type(of: value) is AnyObject.Type {
            return route(fromObject: value as AnyObject, depth: depth)
        }
        if let context = ClosureContext.context(ofFunction: value) {
            return route(fromContext: context, depth: depth + 1).map { ["a closure"] + $0 }
        }
        guard !closuresOnly, depth < Self.depthLimit else { return nil }
        return route(fromChildrenOf: Mirror(reflecting: value), object: nil, depth: depth + 1)
    }

    /// Through the strong stored properties (or elements) `mirror` lists, its superclasses' too
    /// (`object`: the instance, when `mirror` reflects a class).
    private mutating func route(fromChildrenOf mirror: Mirror, object: AnyObject?, depth: Int, constantsOnly: Bool = false) -> [String]? {
        if let superclass = mirror.superclassMirror,
            let found = route(fromChildrenOf: superclass, object: object, depth: depth, constantsOnly: constantsOnly)
        {
            return found
        }
        guard FieldRecords.isReflectable(mirror.subjectType) else { return nil }
        var unopened: [String] = []
        for child in StrongChildren.of(mirror, object: object, unopened: &unopened, constantsOnly: constantsOnly) where !child.weak {
            if let found = route(fromValue: child.value, depth: depth) { return found }
        }
        return nil
    }

    /// Counts a step and marks the heap object at `address` read; `false` when it was read
    /// already or the steps ran out.
    private mutating func admit(_ address: UInt) -> Bool {
        guard steps < Self.stepLimit, visited.insert(address).inserted else { return false }
        steps += 1
        return true
    }
}
