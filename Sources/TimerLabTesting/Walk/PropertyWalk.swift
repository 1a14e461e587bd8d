import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// Finds every holder an object keeps (a `Timer`, dispatch source, `Task` of any result type,
/// `DispatchWorkItem` or `NotificationCenter` observer token) by walking its stored properties:
/// through nested objects, optionals, enums, arrays, sets and dictionaries, each object once,
/// naming each by its property path as Swift spells it (`ticker.source`, `timers["utc"]`,
/// `state(.running)`, `super.timer` for a superclass's property a subclass's shadows). It also
/// notes the properties of those types that are `nil` (a `Timer?` that `start` never set), and
/// a walk without handles keeps the closures stored on the way, which `closureReading(of:)` and
/// `closuresSeen(capturing:)` read.
///
/// It reads memory, never values (`RawMemory`): the object's own queue, lock or task may replace
/// a property while it is read, and a Swift load of that property would race the writer's
/// release. Nothing is retained or released while walking, and none of the user's code runs (no
/// `customMirror`, no computed property, no `description`). A reference found is read again
/// where it was found before what it points to is believed, and one that changed is named
/// under "not examined". The holders alone are taken as references, by a claim
/// (`RawMemory.claim`) that succeeds only on a holder alive at that moment: a handle must watch
/// and may stop what holds the object, and that needs a reference.
struct PropertyWalk {
    /// One holder: where it is kept, a handle that watches and stops it (weakly), and the path
    /// of an object on the way to it that something outside the checked object keeps too.
    struct Holder {
        let path: String
        let handle: HolderHandle
        var keptElsewhere: String? = nil
    }

    /// How deep the walk goes from the object, and how many values it reads at most: a linked
    /// list of 200,000 nodes is read to this depth, not to its end, and never on the machine stack.
    /// The values read bound the cost; the depth only keeps a path short enough to print, and a
    /// holder 60 links down a chain (two levels a link) is within it (issue 66, item 7).
    static let depthLimit = 256
    static let visitLimit = 20_000

    /// The holders, in the order the properties are declared (observer tokens last).
    var holders: [Holder] = []
    /// The holder-typed properties that were `nil`, as `path (Kind)`.
    var unset: [String] = []
    /// The closures stored on the way (their contexts), with where and by which type.
    var closures: [(path: String, keptBy: String, context: UInt, node: Int)] = []
    /// The closures, met in a library's queue read under its own lock (`LockGuarded`), that
    /// capture the checked object: where, by which type, their way to it, and whether weakly.
    private(set) var guardedCaptures: [(path: String, keptBy: String, route: [String], node: Int, weakly: Bool)] = []
    /// The checked object, by identity only: a walk keeps no reference to it.
    let root: ObjectIdentifier
    let rootAddress: UInt
    /// The copies taken under a lock (`LockedValue`), alive while their bytes are read.
    var keptAlive: [Any] = []
    /// The lock-guarded fields it reads (`LockGuarded.rules`), and which of them each class met has.
    private let guardRules: [LockGuarded.Rule]
    private var guardRulesByClass: [ObjectIdentifier: [LockGuarded.Rule]] = [:]
    /// What the walk did not look into, as it goes.
    var skipped = NotExamined()
    private var seen: Set<UInt>
    /// Every object the walk met through a strong reference, holders and tokens too: the
    /// object's own tree, which a search for what holds it from outside does not go through.
    private(set) var met: Set<UInt> = []
    /// The classes met, by metadata word (`classFacts`).
    var classes: [UInt: ClassFacts] = [:]
    private var centers: [NotificationCenter] = []
    private var tokens: [(path: String, token: AnyObject)] = []
    var graph = OwnershipGraph()
    private var visits = 0
    /// The objects on the way (by index in `graph`) read only where they cannot change under the
    /// walk: those something else keeps too, and every object inside one.
    private var readsConstantsOnly: Set<Int> = []
    /// Those objects, in the order met, with what it takes to read the rest of them later.
    private var constantReads: [ConstantRead] = []
    private typealias ConstantRead = (pending: Pending, node: Int, address: UInt)
    /// Whether this is a trial reading (`settleVariables`): it counts, and takes nothing.
    var tentative = false

    /// A dispatch source's handler or a task's operation met on the way, whose captures are
    /// read at the end (`countHandlers`), and only where some object's ownership depends on them.
    enum Handler {
        case source(UInt, path: String)
        case task(UInt, success: Any.Type, path: String)
    }
    var handlers: [Handler] = []
    /// The dispatch sources met through strong references, kept for `closureReading`.
    var sources: [(path: String, address: UInt)] = []

    /// Whether to make a handle for each holder (each handle of a task watches it from a task of its own).
    let makesHandles: Bool
    /// The layouts it may read handlers by, where a test gives them; `nil`: this process's, found
    /// only once a walk meets a handler (a calibration runs when first needed, not at every walk).
    let calibrations: Calibrations?
    /// The library types it tells as work that repeats for good.
    let repeatRules: [LibraryRepeats.Rule]
    /// The paths whose holders are watched already: no second handle is made for them.
    let known: Set<String>

    /// One thing still to read: what it is, where it is, which object's property keeps it, and how deep.
    struct Pending {
        enum Item {
            case value(RawValue)
            case object(UInt, origin: UInt?)
        }
        let item: Item
        let path: String
        let keptBy: String
        let depth: Int
        /// The innermost object on the way (its index in `graph`).
        let node: Int
        /// Whether it is kept by a `weak` property.
        var weak = false
        /// For an object waiting to be read: the words out of line that led to it (`RawValue.way`).
        var way: [WayDown.Link] = []
    }

    /// How many more reads a surplus gets.
    private let rereads: Int
    /// The objects that looked kept elsewhere when met, waiting to be told together.
    private var waiting: [Pending] = []
    private var waitingObjects: Set<UInt> = []
    /// How many rounds of waiting objects get their rereads; past them, a walk through a long chain
    /// of objects kept elsewhere goes by each one's count alone.
    private static let roundsWithRereads = 4

    /// Walks `object`, making a handle for each holder not at a `known` path; `makesHandles:
    /// false` leaves holders unwatched, for a walk that reads only the closures it meets. A
    /// surplus of references gets `rereads` more reads before it is believed (`StrongCount`).
    init(
        _ object: AnyObject, makesHandles: Bool = true, known: Set<String> = [], guardRules: [LockGuarded.Rule] = LockGuarded.rules,
        rereads: Int = StrongCount.rereads, calibrations: Calibrations? = nil, repeatRules: [LibraryRepeats.Rule] = LibraryRepeats.rules
    ) {
        self.makesHandles = makesHandles
        self.calibrations = calibrations
        self.repeatRules = repeatRules
        self.known = known
        self.guardRules = guardRules
        self.rereads = rereads
        root = ObjectIdentifier(object)
        rootAddress = RawMemory.address(of: object)
        seen = [rootAddress]
        let rootNode = graph.add(rootAddress, path: "", parent: nil)
        guard RawMemory.isAvailable else {
            skipped.unreadable = true
            return
        }
        var stack: [Pending] = []
        withExtendedLifetime(object) {
            if let read = RawObject.read(rootAddress) {
                push(children(of: read, path: "", depth: 0, node: rootNode, selection: .all), onto: &stack)
            }
            walk(&stack)
            if makesHandles, graph.hasObjects {
                countHandlers()
                settleVariables()
            }
        }
        settleOwnership()
        // A token does not say which center holds it: the one the object keeps, if it keeps
        // exactly one, else the default center, where `addObserver(forName:…)` usually goes.
        let center = centers.count == 1 ? centers[0] : NotificationCenter.default
        holders += tokens.filter { !known.contains($0.path) }.map {
            Holder(path: $0.path, handle: HolderHandle(observer: $0.token, center: center))
        }
    }

    /// Tells, with every reference inside counted, which objects on the way something else keeps
    /// too: the holders inside them are not stopped, and they are not the object's own.
    private mutating func settleOwnership() {
        let shared = makesHandles ? graph.sharedPaths(rereads: rereads) : [:]
        for index in holders.indices where holders[index].keptElsewhere == nil { holders[index].keptElsewhere = shared[holderNodes[index]] }
        // Without handles no count is told: such a walk reads closures, and judges no tree.
        if makesHandles { ownObjects.removeAll { shared[$0.node] != nil } } else { ownObjects.removeAll() }
        for index in ownObjects.indices {
            ownObjects[index].keptBy = graph.keepers(of: ownObjects[index].address).filter { $0 != .property(ownObjects[index].path) }
            ownObjects[index].way = graph.way(to: ownObjects[index].node)
        }
        for index in repeaters.indices { repeaters[index].way = graph.way(to: repeaters[index].node) }
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
                    skipped.bound = "from `\(Self.abbreviated(next.path))` on"
                    return
                }
                push(visit(next), onto: &stack)
            }
            guard !waiting.isEmpty else { return }
            rounds += 1
            push(settleWaiting(rereads: rounds <= Self.roundsWithRereads ? rereads : 0, postponing: rounds == 1), onto: &stack)
        }
    }

    /// Tells, for every object waiting, whether something else keeps it too, from its count now
    /// (every reference inside the checked object met so far counted) and, for a surplus, at
    /// `rereads` more reads `StrongCount.pause` apart; returns their children to read.
    ///
    /// In the first round (`postponing`), a waiting object the checked object keeps in a
    /// property of its own waits one round more while others are read: met again through a
    /// handle the object keeps (an event loop its scheduled task's promise leads to), it is named
    /// through that handle (`renameWaiting`), where the fix starts, rather than as the property
    /// that is the shared object itself, which is nothing to cancel.
    private mutating func settleWaiting(rereads: Int, postponing: Bool) -> [Pending] {
        var batch: [Pending] = []
        swap(&batch, &waiting)
        if postponing, batch.contains(where: { !Self.isOwnProperty($0.path) }) {
            waiting = batch.filter { Self.isOwnProperty($0.path) }
            batch.removeAll { Self.isOwnProperty($0.path) }
            waitingObjects = Set(waiting.map(Self.address))
        } else {
            waitingObjects.removeAll()
        }
        let shared = StrongCount.lasting(Set(batch.indices), rereads: rereads) { index in
            StrongCount.surplus(at: Self.address(batch[index]), counted: graph.edges(to: Self.address(batch[index])))
        }
        var children: [Pending] = []
        for index in batch.indices {
            guard case .object(let address, let origin) = batch[index].item, let object = reread(address, origin: origin) else {
                skipped.changed.append(batch[index].path)
                continue
            }
            children += read(batch[index], object, keptElsewhere: shared.contains(index), origin: origin, way: batch[index].way)
        }
        return children
    }

    /// Reads the `var`s of the objects read for their constants only, where what those `var`s
    /// hold explains every reference the object's count has: a helper kept by its own stored
    /// closure, or by a partner it keeps. Each is first read on a copy of the walk that takes
    /// nothing (`tentative`); only if that copy then counts as many references as the object
    /// has is it read for real, its `var`s walked like anything else. An object something else
    /// keeps keeps its surplus, and stays read for its constants only. Objects inside one that
    /// is read so become candidates in the next round.
    private mutating func settleVariables() {
        for _ in 0..<Self.roundsWithRereads {
            var read = false
            for candidate in constantReads
            where readsConstantsOnly.contains(candidate.node) && !readsConstantsOnly.contains(candidate.pending.node) {
                var trial = self
                trial.tentative = true
                trial.readVariables(candidate)
                guard !StrongCount.surplus(at: candidate.address, counted: trial.graph.edges(to: candidate.address)) else { continue }
                readVariables(candidate)
                read = true
            }
            guard read else { return }
        }
    }

    /// Counts what the handlers met capture (what read memory alone shows: `SourceHandler`,
    /// `TaskOperation`): a helper its own source or task keeps is then the tree's, not shared.
    /// Read only for a walk that met objects: 3,000 sources of the object itself cost nothing.
    private mutating func countHandlers() {
        for handler in handlers {
            switch handler {
            case .source(_, let path) where !(calibrations?.sources ?? Calibrations.sourcesFound):
                skipped.uncalibrated.append(.init(path: path, kind: .source))
            case .task(_, _, let path) where !(calibrations?.tasks ?? Calibrations.tasksFound):
                skipped.uncalibrated.append(.init(path: path, kind: .task))
            case .source(let address, let path):
                if let context = SourceHandler.context(ofSource: address) { graph.countCaptures(ofContext: context, keptAt: path) }
            case .task(let job, let success, let path):
                if let context = TaskOperation.context(ofJob: job, success: success) {
                    graph.countCaptures(ofContext: context, keptAt: path)
                }
            }
        }
        handlers.removeAll()
    }

    /// Walks the `var`s of an object read for its constants only, and notes it as read whole.
    private mutating func readVariables(_ candidate: ConstantRead) {
        readsConstantsOnly.remove(candidate.node)
        skipped.variables.removeAll { $0 == candidate.pending.path }
        guard let object = reread(candidate.address, origin: nil) else { return }
        var stack: [Pending] = []
        let pending = candidate.pending
        push(children(of: object, path: pending.path, depth: pending.depth, node: candidate.node, selection: .variables), onto: &stack)
        walk(&stack)
        // A source or task found in those variables may keep what the surplus is made of.
        countHandlers()
    }

    /// Names a waiting object the checked object keeps in a property of its own by the way
    /// `pending` met it again, through another of its properties: a handle that leads to it.
    private mutating func renameWaiting(_ address: UInt, as pending: Pending) {
        guard !Self.isOwnProperty(pending.path), !pending.weak,
            let index = waiting.firstIndex(where: { Self.address($0) == address }), Self.isOwnProperty(waiting[index].path),
            NotExamined.ownProperty(of: pending.path) != waiting[index].path
        else { return }
        waiting[index] = Pending(
            item: waiting[index].item, path: pending.path, keptBy: pending.keptBy, depth: pending.depth, node: pending.node)
    }

    /// Whether `path` is one of the checked object's own properties, not something inside one.
    private static func isOwnProperty(_ path: String) -> Bool {
        !path.isEmpty && NotExamined.ownProperty(of: path) == path
    }

    private static func address(_ pending: Pending) -> UInt {
        guard case .object(let address, _) = pending.item else { return 0 }
        return address
    }

    /// What the walk did not look into: where a bound stopped it, and the storage it could not open.
    var notExamined: NotExamined { skipped }

    /// An object on the way that the checked object alone keeps: what must go when it goes.
    struct OwnObject {
        let path: String
        let address: UInt
        let isa: UInt
        let node: Int
        /// What keeps it inside the checked object besides the property it was met at.
        var keptBy: [LifetimeReport.Child.Keeper] = []
        /// The words that led to it from the checked object, each with what it held.
        var way = WayDown(links: [])
    }

    /// A library's repeating work met on the way (`LibraryRepeats`), kept elsewhere or not.
    struct Repeater {
        let path: String
        let address: UInt
        let isa: UInt
        let node: Int
        let rule: LibraryRepeats.Rule
        /// The words that led to it from the checked object, each with what it held.
        var way = WayDown(links: [])
    }

    /// Those met, in the order met (the first `ownObjectLimit`).
    private(set) var repeaters: [Repeater] = []

    /// The objects on the way that nothing outside the checked object keeps, in the order met:
    /// its tree, whose every object must go when it goes (the first `ownObjectLimit` of them).
    private(set) var ownObjects: [OwnObject] = []
    static let ownObjectLimit = 256

    /// The innermost object on the way to each holder (its index in `graph`), as `holders`.
    var holderNodes: [Int] = []

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

    /// Whether every closure the source at `address` keeps until it is cancelled (its event and
    /// cancel handlers) was read, and none holds `owner` strongly: then cancelling it cannot free
    /// `owner`. Not told (a handler not read, a capture not decoded): it may hold it.
    private static func keepsNothing(of owner: AnyObject, source address: UInt) -> Bool {
        guard let contexts = SourceHandler.handlerContexts(ofSource: address) else { return false }
        return contexts.allSatisfy { context in
            guard ClosureContext.captures(of: context) != nil else { return false }
            var search = CaptureSearch(for: owner)
            return search.route(fromContext: context, depth: 0) == nil
        }
    }

    /// The stored closures, among those the walk met, that hold `owner` strongly (read with
    /// `CaptureSearch`), each with the way it reaches it; and the holders whose own closure (a
    /// `Timer`'s block) was read and does not.
    func closureReading(of owner: AnyObject) -> ClosureReading {
        var reading = ClosureReading()
        let shared = graph.sharedPaths(rereads: rereads)
        for stored in closures {
            var search = CaptureSearch(for: owner)
            if let route = search.route(fromContext: stored.context, depth: 0) {
                reading.capturing.append(
                    CapturingClosure(path: stored.path, keptBy: stored.keptBy, through: route, keptElsewhere: shared[stored.node]))
            } else if stored.keptBy == Self.timerBlock {
                reading.innocentHolders.append(stored.path)
            }
        }
        // A page at a time: an object may keep thousands of sources, each read through a few structures.
        reading.innocentHolders += SystemSeam.withPageCache {
            sources.filter { Self.keepsNothing(of: owner, source: $0.address) }.map(\.path)
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

    /// Reads one thing: notes it if it is a holder, an unset holder, a center, a closure or an
    /// observer token; else returns its children to read.
    private mutating func visit(_ pending: Pending) -> [Pending] {
        switch pending.item {
        case .object(let address, let origin):
            return visitObject(pending, address: address, origin: origin, way: pending.way)
        case .value(let value):
            return visitValue(pending, value)
        }
    }

    private mutating func visitValue(_ pending: Pending, _ value: RawValue) -> [Pending] {
        if pending.weak {
            // A `weak` reference: loaded as the runtime loads one, its object followed no further.
            guard let object = RawMemory.weakReferent(value.word(at: 0)) else { return noteIfUnset(pending, value) }
            return visitObject(pending, address: object, origin: nil, way: [])
        }
        switch value.parts() {
        case .leaf: return noteIfUnset(pending, value)
        case .object(let address, let origin): return visitObject(pending, address: address, origin: origin, way: value.way)
        case .weak(let address): return visitObject(pending, address: address, origin: nil, way: [])
        case .closure(let context):
            noteClosure(context, pending, keptBy: pending.keptBy)
            return []
        case .task(let job, let type, let origin):
            noteTask(pending, job: job, type: type, origin: origin, way: value.way)
            return []
        case .children(let children, let style):
            guard pending.depth < Self.depthLimit else {
                skipped.bound = skipped.bound ?? "below `\(Self.abbreviated(pending.path))`"
                return []
            }
            // A struct's properties are spelled as its declarations are (`_promise` is `promise`'s storage).
            let paths =
                style == .struct
                ? Self.fieldPaths(children, under: pending.path)
                : children.indices.map { Self.childPath(pending.path, children[$0].name, index: $0, style: style) }
            return zip(children, paths).map { child, path in
                Pending(
                    item: .value(child.value), path: path, keptBy: pending.keptBy, depth: pending.depth + 1, node: pending.node,
                    weak: child.strength == .weak)
            }
        case .unreadable:
            skipped.storage.append(pending.path)
            return []
        }
    }

    /// Closures are read only by a walk without handles (a leak's, or one of an object that kept
    /// no holder: `closuresSeen`); the walks at start and release count only what they capture directly.
    mutating func noteClosure(_ context: UInt, _ pending: Pending, keptBy: String) {
        graph.countCaptures(ofContext: context, keptAt: pending.path)
        if !makesHandles { closures.append((pending.path, keptBy, context, pending.node)) }
    }

    /// Notes a `nil` optional of a holder's type (`Timer?`, `Task?`…) as unset.
    private mutating func noteIfUnset(_ pending: Pending, _ value: RawValue) -> [Pending] {
        if let kind = Self.unsetHolder(value) { unset.append("\(pending.path) (\(kind))") }
        return []
    }

    /// Reads an object (a holder, a center or an observer token is noted instead): all of it;
    /// only what cannot change under the walk when it lies inside an object something else keeps;
    /// or later, with the others like it, when its strong count says something else may keep it
    /// too (`settleWaiting`).
    private mutating func visitObject(_ pending: Pending, address: UInt, origin: UInt?, way: [WayDown.Link]) -> [Pending] {
        if !pending.weak { met.insert(address) }
        guard let isa = RawMemory.isa(of: address), let facts = classFacts(isa) else {
            skipped.changed.append(pending.path)
            return []
        }
        if let kind = facts.holder {
            noteHolder(pending, at: address, isa: isa, type: facts.type, kind: kind, origin: origin, way: way)
            return []
        }
        // What a weak property refers to is another object's: the walk goes no further.
        guard !pending.weak else { return [] }
        if facts.isCenterOrToken, let noted = noteCenterOrToken(pending, at: address, isa: isa, type: facts.type) { return noted }
        graph.countEdge(to: address, keptBy: .property(pending.path))
        guard !seen.contains(address) else { return [] }
        if waitingObjects.contains(address) {
            renameWaiting(address, as: pending)
            return []
        }
        // What lies inside a shared object is changed by whoever changes that object (a loop's
        // thread changes its own buffers): it is read the same way, whatever its own count says.
        // More references than the walk has counted so far: something outside may change its
        // `var`s while they are read, or a handler of its own holds it while it runs. It waits
        // until the rest is read, with every reference inside counted, and a surplus that lasts.
        let shared = readsConstantsOnly.contains(pending.node)
        if !shared, StrongCount.surplus(at: address, counted: graph.edges(to: address)) {
            waiting.append(
                Pending(
                    item: .object(address, origin: origin), path: pending.path, keptBy: pending.keptBy, depth: pending.depth,
                    node: pending.node, way: way))
            waitingObjects.insert(address)
            return []
        }
        guard let object = RawObject.read(address, isa: isa, type: facts.type), origin.map({ RawMemory.word(at: $0) == address }) ?? true
        else {
            skipped.changed.append(pending.path)
            return []
        }
        return read(pending, object, keptElsewhere: shared, origin: origin, way: way)
    }

    /// What the walk needs of a class, told once per walk from its metadata word (a walk meets
    /// thousands of objects of a few classes); `nil` when the word is not believed to be a class's.
    struct ClassFacts {
        let type: Any.Type
        let holder: HolderKind?
        let isCenterOrToken: Bool
        let layout: TypeFields.Layout?
        /// Its rule, if it is a library's work that repeats for good (`LibraryRepeats`).
        let repeats: LibraryRepeats.Rule?
    }

    private mutating func classFacts(_ isa: UInt) -> ClassFacts? {
        if let known = classes[isa] { return known }
        guard let type = TrustedType.classType(isa) else { return nil }
        let facts = ClassFacts(
            type: type, holder: HolderKind.of(type),
            isCenterOrToken: RawObject.isSubclass(type, of: NotificationCenter.self) || Self.isObserverToken(type),
            layout: TypeFields.of(type, isClass: true), repeats: LibraryRepeats.rule(for: type, in: repeatRules))
        classes[isa] = facts
        return facts
    }

    /// Notes a `NotificationCenter` or an observer token, each taken by a claim; `nil` for any other object.
    private mutating func noteCenterOrToken(_ pending: Pending, at address: UInt, isa: UInt, type: Any.Type) -> [Pending]? {
        guard !tentative else { return [] }
        if RawObject.isSubclass(type, of: NotificationCenter.self) {
            if let center = RawMemory.claim(address, isa: isa) as? NotificationCenter { centers.append(center) }
            return []
        }
        guard Self.isObserverToken(type) else { return nil }
        if let token = RawMemory.claim(address, isa: isa) { tokens.append((pending.path, token)) }
        return []
    }

    /// The object at `address`, read whole, if the reference to it still stands where it was
    /// found (`origin`) once it is read: one replaced meanwhile is not believed.
    private func reread(_ address: UInt, origin: UInt?) -> RawObject? {
        guard let object = RawObject.read(address) else { return nil }
        if let origin, RawMemory.word(at: origin) != address { return nil }
        return object
    }

    /// Reads an object met for the first time: all of it, or, when something else keeps it too,
    /// only what cannot change under the walk.
    private mutating func read(
        _ pending: Pending, _ object: RawObject, keptElsewhere shared: Bool, origin: UInt?, way: [WayDown.Link]
    ) -> [Pending] {
        let path = pending.path
        seen.insert(object.address)
        let node = graph.add(object.address, path: path, parent: pending.node, way: WayDown(links: way).then(origin, object.address))
        if shared {
            skipped.variables.append(path)
            readsConstantsOnly.insert(node)
            constantReads.append((pending, node, object.address))
        }
        // Whether it is the checked object's alone is told at the end, with every reference
        // from inside counted (its own timer's block that captures it among them).
        if ownObjects.count < Self.ownObjectLimit {
            ownObjects.append(OwnObject(path: path, address: object.address, isa: object.isa, node: node))
        }
        if makesHandles, !tentative, let rule = classes[object.isa]?.repeats, repeaters.count < Self.ownObjectLimit {
            repeaters.append(Repeater(path: path, address: object.address, isa: object.isa, node: node, rule: rule))
        }
        if !makesHandles { readGuarded(object, path: path, node: node) }
        return children(of: object, path: path, depth: pending.depth, node: node, selection: shared ? .constants : .all)
    }

    /// Reads the fields of `object` that a rule says its own lock guards (a SwiftNIO event loop's
    /// scheduled tasks), under that lock, for the closures that hold the checked object.
    private mutating func readGuarded(_ object: RawObject, path: String, node: Int) {
        let rules = rules(for: object.type)
        guard !rules.isEmpty, let claimed = RawMemory.claim(object.address, isa: object.isa) else { return }
        let keptBy = String(describing: object.type)
        for rule in rules {
            let field = Self.childPath(path, rule.field, index: 0, style: .class)
            guard let value = LockGuarded.read(rule, of: claimed) else { continue }
            guardedCaptures += LockGuarded.captures(of: root, in: value, at: field).map { ($0.path, keptBy, $0.route, node, $0.weakly) }
        }
    }

    /// The guard rules that name `type`, told once per class (a walk meets thousands of objects).
    private mutating func rules(for type: Any.Type) -> [LockGuarded.Rule] {
        let key = ObjectIdentifier(type)
        if let known = guardRulesByClass[key] { return known }
        let name = String(reflecting: type)
        let found = guardRules.filter { $0.typeName == name }
        guardRulesByClass[key] = found
        return found
    }

    /// Whether an object of `type` is the token a `NotificationCenter` block observer returns (its
    /// type is private: `_NSNotificationObserverToken` in swift-corelibs-foundation, `__NSObserver` on Darwin).
    private static func isObserverToken(_ type: Any.Type) -> Bool {
        if let known = tokenClasses.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        let name = String(reflecting: type)
        let isToken = name.hasSuffix("NotificationObserverToken") || name.hasSuffix("__NSObserver")
        tokenClasses.withLock { $0[ObjectIdentifier(type)] = isToken }
        return isToken
    }

    /// Which classes met are observer tokens, told once per class.
    private static let tokenClasses = Mutex<[ObjectIdentifier: Bool]>([:])
}
