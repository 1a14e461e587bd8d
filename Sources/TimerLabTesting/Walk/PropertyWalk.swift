import Dispatch
import Foundation
import TimerLabHarness

/// Finds every holder an object keeps (a `Timer`, dispatch source, `Task` of any result type,
/// `DispatchWorkItem` or `NotificationCenter` observer token) by walking its stored properties
/// with `Mirror`: through nested objects, optionals, arrays, sets and dictionaries, each object
/// once, naming each by its property path as Swift spells it (`ticker.source`, `timers["utc"]`,
/// `state(.running)`, `super.timer` for a superclass's property a subclass's shadows). It also
/// notes the properties of those types that are `nil` (a `Timer?` that `start` never set), and
/// a walk without handles keeps the closures stored on the way, which `closureReading(of:)` and
/// `closuresSeen(capturing:)` read.
struct PropertyWalk {
    /// One holder: where it is kept, a handle that watches and stops it (weakly), and the path
    /// of an object on the way to it that something outside the checked object keeps too.
    struct Holder {
        let path: String
        let handle: HolderHandle
        var sharedAt: String? = nil
    }

    /// How deep the walk goes from the object, and how many values it reads at most: a linked
    /// list of 200,000 nodes is read to this depth, not to its end, and never on the machine stack.
    static let depthLimit = 32
    static let visitLimit = 20_000

    /// The holders, in the order the properties are declared (observer tokens last).
    private(set) var holders: [Holder] = []
    /// The holder-typed properties that were `nil`, as `path (Kind)`.
    private(set) var unset: [String] = []
    /// The closures stored on the way, with where and by which type (a Swift closure only: one with a context).
    private(set) var closures: [(path: String, keptBy: String, closure: Any, node: Int)] = []
    /// The closures, met in a library's queue read under its own lock (`LockGuarded`), that
    /// capture the checked object: where, by which type, their way to it, and whether weakly; as
    /// data, as the queue's copy is dropped once searched.
    private(set) var guardedCaptures: [(path: String, keptBy: String, route: [String], node: Int, weakly: Bool)] = []
    /// The checked object, by identity only: a walk keeps no reference to it.
    let root: ObjectIdentifier
    /// The lock-guarded fields it reads (`LockGuarded.rules`), and which of them each class met has.
    private let guardRules: [LockGuarded.Rule]
    private var guardRulesByClass: [ObjectIdentifier: [LockGuarded.Rule]] = [:]
    /// Where the walk stopped looking, if a bound stopped it: the first path past its depth, or
    /// the count of values read.
    private(set) var stoppedLooking: String?
    /// The properties whose storage could not be opened (a `Mutex` whose lock was held).
    private(set) var unopened: [String] = []
    /// The objects on the way that something else keeps too, whose `var`s (but those holding a
    /// timer, source, task or work item) were not read, by path.
    private(set) var unreadVariables: [String] = []
    private var seen: Set<ObjectIdentifier>
    private var centers: [NotificationCenter] = []
    private var tokens: [(path: String, token: AnyObject)] = []
    private var graph = OwnershipGraph()
    private var visits = 0
    /// The objects on the way (by index in `graph`) read only where they cannot change under the
    /// walk: those something else keeps too, and every object inside one.
    private var readsConstantsOnly: Set<Int> = []

    /// Whether to make a handle for each holder (each handle of a task watches it from a task of its own).
    private let makesHandles: Bool
    /// The paths whose holders are watched already: no second handle is made for them (a task's
    /// handle starts a task that watches it, a work item's asks it for a notification).
    private let known: Set<String>

    /// One value still to read: where it is, which object's property keeps it, and how deep it is.
    private struct Pending {
        let value: Any
        let path: String
        let keptBy: String
        let depth: Int
        /// The innermost object on the way (its index in `graph`).
        let node: Int
        /// Whether it is kept by a `weak` property.
        var weak = false
        /// Whether it is the control the walk measures its own holds on (`readingCost`).
        var isControl = false
        /// Whether it is the control that waits with the objects kept elsewhere (`settleWaiting`).
        var calibrates = false
    }

    /// What the walk's own holds add to a visited object's strong count, measured on a control
    /// object that one property keeps, visited as every value is, first.
    private var readingCost = 0
    /// How many more looks a surplus gets.
    private let looks: Int
    /// The objects that looked kept elsewhere when met, waiting to be told together, and who they are.
    private var waiting: [Pending] = []
    private var waitingObjects: Set<ObjectIdentifier> = []
    /// The calibrators' controls, alive until the walk ends.
    private var calibrators: [StrongCount.Control] = []
    /// How many rounds of waiting objects get their looks; past them, a walk through a long chain
    /// of objects kept elsewhere goes by each one's count alone.
    private static let roundsWithLooks = 4

    /// Walks `object`, making a handle for each holder not at a `known` path; `makesHandles:
    /// false` leaves holders unwatched, for a walk that reads only the closures it meets. A
    /// surplus of references gets `looks` more looks before it is believed (`StrongCount`).
    init(
        _ object: AnyObject, makesHandles: Bool = true, known: Set<String> = [], guardRules: [LockGuarded.Rule] = LockGuarded.rules,
        looks: Int = StrongCount.looks
    ) {
        self.makesHandles = makesHandles
        self.known = known
        self.guardRules = guardRules
        self.looks = looks
        root = ObjectIdentifier(object)
        seen = [ObjectIdentifier(object)]
        let root = graph.add(object, path: "", parent: nil)
        var stack: [Pending] = []
        push(children(of: object, path: "", keptBy: String(describing: type(of: object)), depth: 0, node: root), onto: &stack)
        let control = StrongCount.Control()
        stack.append(Pending(value: control.child, path: "", keptBy: "", depth: 0, node: root, isControl: true))
        stack.insert(calibrator(node: root), at: 0)
        walk(&stack)
        withExtendedLifetime(control) {}
        let shared = makesHandles ? graph.sharedPaths(looks: looks) : [:]
        for index in holders.indices where holders[index].sharedAt == nil { holders[index].sharedAt = shared[holderNodes[index]] }
        // A token does not say which center holds it: the one the object keeps, if it keeps
        // exactly one, else the default center, where `addObserver(forName:…)` usually goes.
        let center = centers.count == 1 ? centers[0] : NotificationCenter.default
        holders += tokens.filter { !known.contains($0.path) }.map {
            Holder(path: $0.path, handle: HolderHandle(observer: $0.token, center: center))
        }
    }

    /// Reads what `stack` holds, and what it leads to, until all is read or the visits run out.
    /// Objects that look kept elsewhere wait until nothing else is left to read, and are then
    /// told together (`settleWaiting`): one pause for all of them, a round at a time.
    private mutating func walk(_ stack: inout [Pending]) {
        var rounds = 0
        while true {
            while let next = stack.popLast() {
                visits += 1
                guard visits <= Self.visitLimit else {
                    stoppedLooking = "from `\(Self.abbreviated(next.path))` on"
                    return
                }
                push(visit(next), onto: &stack)
            }
            guard waiting.contains(where: { !$0.calibrates }) else { return }
            rounds += 1
            push(settleWaiting(looks: rounds <= Self.roundsWithLooks ? looks : 0) + [calibrator(node: 0)], onto: &stack)
        }
    }

    /// A control object that is met, read and kept waiting exactly as an object kept elsewhere
    /// is (what one round's waiting objects are told against), held by a control of its own.
    private mutating func calibrator(node: Int) -> Pending {
        let control = StrongCount.Control()
        calibrators.append(control)
        return Pending(value: control.child, path: "", keptBy: "", depth: 0, node: node, calibrates: true)
    }

    /// Tells, for every object waiting, whether something else keeps it too, from its count now
    /// (every reference inside the checked object met so far counted) and, for a surplus, at
    /// `looks` more looks `StrongCount.pause` apart; returns their children to read.
    private mutating func settleWaiting(looks: Int) -> [Pending] {
        var batch: [Pending] = []
        swap(&batch, &waiting)
        waitingObjects.removeAll()
        // The calibrator came the way the objects did and waits as they do: what the walk and
        // the reads add to a count is what its count shows beyond its one property.
        guard let calibrator = batch.firstIndex(where: \.calibrates) else { return [] }
        let cost = Self.count(batch[calibrator]) - graph.edges(to: batch[calibrator].value as AnyObject)
        let shared = StrongCount.lasting(Set(batch.indices).subtracting([calibrator]), looks: looks) { index in
            Self.count(batch[index]) - cost > graph.edges(to: batch[index].value as AnyObject)
        }
        var children: [Pending] = []
        for index in batch.indices where index != calibrator {
            children += read(batch[index], keptElsewhere: shared.contains(index))
        }
        return children
    }

    /// The strong count of the object a waiting value holds, read the same way for each.
    @inline(never)
    private static func count(_ pending: Pending) -> Int {
        StrongCount.whileVisiting(pending.value)
    }

    /// What the walk did not look into: where a bound stopped it, and the storage it could not open.
    var notExamined: NotExamined { NotExamined(bound: stoppedLooking, storage: unopened, variables: unreadVariables) }

    /// The innermost object on the way to each holder (its index in `graph`), as `holders`.
    private var holderNodes: [Int] = []

    /// A long path with its middle left out: `head.next.next … next.next` (32 steps).
    static func abbreviated(_ path: String) -> String {
        let steps = path.split(separator: ".", omittingEmptySubsequences: false)
        guard steps.count > 6 else { return path }
        return steps.prefix(3).joined(separator: ".") + " … " + steps.suffix(2).joined(separator: ".") + " (\(steps.count) steps)"
    }

    /// Pushes `children` so that the first is read first.
    private func push(_ children: [Pending], onto stack: inout [Pending]) {
        stack.append(contentsOf: children.reversed())
    }

    /// The stored closures, among those the walk met, that hold `owner` strongly (read with
    /// `CaptureSearch`), each with the way it reaches it; and the holders whose own closure (a
    /// `Timer`'s block) was read and does not.
    func closureReading(of owner: AnyObject) -> ClosureReading {
        var reading = ClosureReading()
        let shared = graph.sharedPaths(looks: looks)
        for stored in closures {
            var search = CaptureSearch(for: owner)
            if let route = search.route(fromClosure: stored.closure) {
                reading.capturing.append(
                    CapturingClosure(path: stored.path, keptBy: stored.keptBy, through: route, keptElsewhere: shared[stored.node]))
            } else if stored.keptBy == Self.timerBlock {
                reading.innocentHolders.append(stored.path)
            }
        }
        if ObjectIdentifier(owner) == root {
            reading.capturing += guardedCaptures.filter { !$0.weakly }.map {
                CapturingClosure(path: $0.path, keptBy: $0.keptBy, through: $0.route, keptElsewhere: shared[$0.node])
            }
        }
        return reading
    }

    /// How the closure a `Timer` keeps (its block) is told from the closures of the user's types.
    static let timerBlock = String(reflecting: Timer.self)

    /// The closures a Foundation `Timer` keeps (its block), where `Mirror` shows them
    /// (swift-corelibs-foundation's `_fire`).
    private static func blocks(of timer: Timer) -> [Any] {
        guard FieldRecords.isReflectable(Timer.self) else { return [] }
        return Mirror(reflecting: timer).children.map(\.value).filter { ClosureContext.context(ofFunction: $0) != nil }
    }

    /// The children of `value` to read next: a class's stored properties, its superclasses'
    /// first (a superclass's property that a subclass's property of the same name shadows is
    /// `super.name`); a dictionary's values by key; any other value's children.
    private mutating func children(of value: Any, path: String, keptBy: String, depth: Int, node: Int, constantsOnly: Bool = false)
        -> [Pending]
    {
        guard depth < Self.depthLimit else {
            stoppedLooking = stoppedLooking ?? "below `\(Self.abbreviated(path))`"
            return []
        }
        let mirror = Mirror(reflecting: value)
        let object = mirror.displayStyle == .class ? value as AnyObject : nil
        if mirror.displayStyle == .dictionary {
            return dictionaryChildren(mirror, path: path, keptBy: keptBy, depth: depth, node: node)
        }
        var levels = [mirror]
        while let superclass = levels.last?.superclassMirror { levels.append(superclass) }
        levels.removeAll { !FieldRecords.isReflectable($0.subjectType) }
        var closed: [String] = []
        let read = levels.map { StrongChildren.of($0, object: object, unopened: &closed, constantsOnly: constantsOnly) }
        unopened += closed.map { Self.childPath(path, $0, index: 0, style: .class) }
        let labels = Set(read.flatMap { $0.compactMap(\.label) })
        var below: Set<String> = []
        var named: [[String?]] = []
        for level in read {
            let names = level.map { Self.propertyName($0.label, among: labels) }
            named.append(names.map { $0.map { below.contains($0) ? "super.\($0)" : $0 } })
            below.formUnion(names.compactMap { $0 })
        }
        var result: [Pending] = []
        for ((level, names), mirror) in zip(zip(read, named), levels).reversed() {
            for (index, child) in level.enumerated() {
                let childPath = Self.childPath(path, names[index], index: index, style: mirror.displayStyle)
                result.append(Pending(value: child.value, path: childPath, keptBy: keptBy, depth: depth + 1, node: node, weak: child.weak))
            }
        }
        return result
    }

    /// The name a property is spelled by: its label, less the storage prefix of a `lazy var`
    /// (`$__lazy_storage_$_`) or of a property wrapper (`_`, unless a property of that name exists too).
    private static func propertyName(_ label: String?, among labels: Set<String>) -> String? {
        guard let label else { return nil }
        let lazy = "$__lazy_storage_$_"
        if label.hasPrefix(lazy) { return String(label.dropFirst(lazy.count)) }
        guard label.hasPrefix("_"), label.count > 1 else { return label }
        let name = String(label.dropFirst())
        return labels.contains(name) ? label : name
    }

    /// Reads one value: notes it if it is a holder, an unset holder, a center, a closure or an
    /// observer token; else returns its children to read.
    private mutating func visit(_ pending: Pending) -> [Pending] {
        let (value, path) = (pending.value, pending.path)
        // Read first, the same way for the control and every object, so the walk's holds are the same.
        let live = type(of: value) is AnyObject.Type ? StrongCount.whileVisiting(value) : 0
        if pending.isControl {
            readingCost = live - 1
            return []
        }
        if let makeHandle = Self.handleMaker(value) {
            noteHolder(pending, makeHandle)
            return []
        }
        // What a weak property refers to is another object's: the walk goes no further.
        guard !pending.weak else { return [] }
        if let kind = Self.unsetHolder(value) {
            unset.append("\(path) (\(kind))")
            return []
        }
        if let center = value as? NotificationCenter {
            centers.append(center)
            return []
        }
        if ClosureContext.context(ofFunction: value) != nil {
            // Closures are read only by a walk without handles (a leak's, or one of an object that
            // kept no holder: `closuresSeen`); the walks at start and release, on every check's
            // path, count only what they capture directly. Held, a closure read through `Mirror`
            // can hold what it captures once more, which would make its owner look kept elsewhere.
            graph.countCaptures(of: value)
            if !makesHandles { closures.append((path, pending.keptBy, value, pending.node)) }
            return []
        }
        guard type(of: value) is AnyObject.Type else {
            return children(of: value, path: path, keptBy: pending.keptBy, depth: pending.depth, node: pending.node)
        }
        return visitObject(pending, live: live)
    }

    /// Reads an object met for the first time (an observer token is noted instead): all of it;
    /// only what cannot change under the walk when it lies inside an object something else keeps;
    /// or later, with the others like it, when `live` (its strong count, less the walk's holds)
    /// says something else may keep it too (`settleWaiting`).
    private mutating func visitObject(_ pending: Pending, live: Int) -> [Pending] {
        let (value, path) = (pending.value, pending.path)
        if Self.isObserverToken(value) {
            tokens.append((path, value as AnyObject))
            return []
        }
        let object = value as AnyObject
        graph.countEdge(to: object)
        guard !seen.contains(ObjectIdentifier(object)), !waitingObjects.contains(ObjectIdentifier(object)) else { return [] }
        // What lies inside a shared object is changed by whoever changes that object (a loop's
        // thread changes its own buffers): it is read the same way, whatever its own count says.
        if readsConstantsOnly.contains(pending.node) { return read(pending, keptElsewhere: true) }
        // More references than the walk has counted so far: something outside may change its
        // `var`s while they are read, or a handler of its own holds it while it runs. It waits
        // until the rest is read, with every reference inside counted, and a surplus that lasts.
        if pending.calibrates || live - readingCost > graph.edges(to: object) {
            waiting.append(pending)
            waitingObjects.insert(ObjectIdentifier(object))
            return []
        }
        return read(pending, keptElsewhere: false)
    }

    /// Reads an object met for the first time: all of it, or, when something else keeps it too,
    /// only what cannot change under the walk.
    private mutating func read(_ pending: Pending, keptElsewhere shared: Bool) -> [Pending] {
        let (object, path) = (pending.value as AnyObject, pending.path)
        seen.insert(ObjectIdentifier(object))
        let node = graph.add(object, path: path, parent: pending.node)
        if shared {
            unreadVariables.append(path)
            readsConstantsOnly.insert(node)
        }
        if !makesHandles { readGuarded(object, path: path, node: node) }
        return children(
            of: object, path: path, keptBy: String(describing: type(of: object)), depth: pending.depth, node: node, constantsOnly: shared)
    }

    /// Reads the fields of `object` that a rule says its own lock guards (a SwiftNIO event loop's
    /// scheduled tasks), under that lock, for the closures that hold the checked object.
    private mutating func readGuarded(_ object: AnyObject, path: String, node: Int) {
        let (target, keptBy) = (root, String(describing: type(of: object)))
        for rule in rules(for: object) {
            let field = Self.childPath(path, rule.field, index: 0, style: .class)
            guard let value = LockGuarded.read(rule, of: object) else { continue }
            guardedCaptures += LockGuarded.captures(of: target, in: value, at: field).map { ($0.path, keptBy, $0.route, node, $0.weakly) }
        }
    }

    /// The guard rules that name `object`'s class, told once per class (a walk meets thousands of objects).
    private mutating func rules(for object: AnyObject) -> [LockGuarded.Rule] {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let known = guardRulesByClass[type] { return known }
        let name = String(reflecting: Swift.type(of: object))
        let found = guardRules.filter { $0.typeName == name }
        guardRulesByClass[type] = found
        return found
    }

    /// Notes a holder (unless its path is known), and what a `Timer`'s block captures.
    private mutating func noteHolder(_ pending: Pending, _ makeHandle: () -> HolderHandle) {
        if makesHandles, !known.contains(pending.path) {
            // One kept weakly is reported and never stopped: the object does not own it.
            holders.append(Holder(path: pending.path, handle: makeHandle(), sharedAt: pending.weak ? pending.path : nil))
            holderNodes.append(pending.node)
        }
        guard !pending.weak, let timer = pending.value as? Timer else { return }
        for block in Self.blocks(of: timer) {
            graph.countCaptures(of: block)
            if !makesHandles { closures.append((pending.path, Self.timerBlock, block, pending.node)) }
        }
    }

    /// A dictionary's children are (key, value) pairs: each value is named by its key.
    private func dictionaryChildren(_ mirror: Mirror, path: String, keptBy: String, depth: Int, node: Int) -> [Pending] {
        mirror.children.compactMap { pair in
            let parts = Array(Mirror(reflecting: pair.value).children)
            guard parts.count == 2 else { return nil }
            let key = parts[0].value is String ? "\"\(parts[0].value)\"" : "\(parts[0].value)"
            return Pending(value: parts[1].value, path: "\(path)[\(key)]", keptBy: keptBy, depth: depth + 1, node: node)
        }
    }

    /// For a timer, source, task or work item: what makes the handle that knows how to watch
    /// and stop it (made only when wanted); `nil` for anything else.
    private static func handleMaker(_ value: Any) -> (() -> HolderHandle)? {
        if let timer = value as? Timer {
            return { HolderHandle(timer: timer) }
        }
        if let source = value as? DispatchSourceTimer {
            return { HolderHandle(source: source, resumesSuspended: false) }
        }
        if let task = value as? any WatchableTask {
            return { task.makeHandle() }
        }
        if let item = value as? DispatchWorkItem {
            return { HolderHandle(workItem: item) }
        }
        return nil
    }

    /// The kind's name when `value` is a `nil` optional of a holder type (`Timer?`, `Task?`…).
    private static func unsetHolder(_ value: Any) -> String? {
        guard let optional = value as? any UnsetCheckable, optional.isNil else { return nil }
        let wrapped = optional.wrappedType
        if wrapped is Timer.Type { return "Timer" }
        if wrapped is any DispatchSourceTimer.Type { return "DispatchSourceTimer" }
        if wrapped is any WatchableTask.Type { return "Task" }
        if wrapped is DispatchWorkItem.Type { return "DispatchWorkItem" }
        return nil
    }

    /// Whether the object `value` is the token a `NotificationCenter` block observer returns (its
    /// type is private: `_NSNotificationObserverToken` in swift-corelibs-foundation, `__NSObserver` on Darwin).
    private static func isObserverToken(_ value: Any) -> Bool {
        let name = String(reflecting: type(of: value))
        return name.hasSuffix("NotificationObserverToken") || name.hasSuffix("__NSObserver")
    }

    /// `name`, `parent.name`, `parent[2]`, `parent.0` (a tuple's element), `parent(.case)` (an
    /// enum's payload); an optional's `some` adds nothing to the path.
    static func childPath(_ parent: String, _ name: String?, index: Int, style: Mirror.DisplayStyle?) -> String {
        switch style {
        case .optional?: return parent
        case .collection?, .set?: return "\(parent)[\(index)]"
        case .enum?: return "\(parent)(.\(name ?? "\(index)"))"
        case .tuple?:
            let element = name.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            return "\(parent).\(element)"
        default:
            let name = name ?? "\(index)"
            return parent.isEmpty ? name : "\(parent).\(name)"
        }
    }
}

/// An optional, asked whether it is `nil` and what it would wrap, whatever `Wrapped` is.
private protocol UnsetCheckable {
    var isNil: Bool { get }
    var wrappedType: Any.Type { get }
}

extension Optional: UnsetCheckable {
    fileprivate var isNil: Bool { self == nil }
    fileprivate var wrappedType: Any.Type { Wrapped.self }
}

/// Every `Task`, whatever its result and error types: a dynamic cast to this protocol matches
/// `Task<Int, Never>` and `Task<String, any Error>` alike, where a cast to one concrete `Task`
/// type would match that type alone.
protocol WatchableTask {
    /// A handle that watches the task (running until its body returns) and stops it (cancel).
    func makeHandle() -> HolderHandle
}

extension Task: WatchableTask {
    func makeHandle() -> HolderHandle { HolderHandle(anyTask: self) }
}
