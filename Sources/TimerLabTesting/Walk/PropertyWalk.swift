import Dispatch
import Foundation
import TimerLabHarness

/// Finds every holder an object keeps (a `Timer`, dispatch source, `Task` of any result type,
/// `DispatchWorkItem` or `NotificationCenter` observer token) by walking its stored properties
/// with `Mirror`: through nested objects, optionals, arrays, sets and dictionaries, each object
/// once, naming each by its property path as Swift spells it (`ticker.source`, `timers["utc"]`,
/// `state(.running)`, `super.timer` for a superclass's property a subclass's shadows). It also
/// notes the properties of those types that are `nil` (a `Timer?` that `start` never set), and
/// the closures stored on the way, which `capturingClosures(of:)` reads.
struct PropertyWalk {
    /// One holder: where it is kept, and a handle that watches and stops it (weakly).
    struct Holder {
        let path: String
        let handle: HolderHandle
    }

    /// The holders, in the order the properties are declared (observer tokens last).
    private(set) var holders: [Holder] = []
    /// The holder-typed properties that were `nil`, as `path (Kind)`.
    private(set) var unset: [String] = []
    /// The closures stored on the way, with where and by which type (a Swift closure only: one with a context).
    private(set) var closures: [(path: String, keptBy: String, closure: Any)] = []
    private var seen: Set<ObjectIdentifier>
    private var centers: [NotificationCenter] = []
    private var tokens: [(path: String, token: AnyObject)] = []
    /// The type of the innermost object being walked: the one whose property keeps what is found.
    private var keptBy: String

    /// Whether to make a handle for each holder (each handle of a task watches it from a task of its own).
    private let makesHandles: Bool
    /// The paths whose holders are watched already: no second handle is made for them (a task's
    /// handle starts a task that watches it, a work item's asks it for a notification).
    private let known: Set<String>

    /// Walks `object`, making a handle for each holder not at a `known` path; `makesHandles:
    /// false` looks for closures (and a `Timer`'s block) instead, leaving holders unwatched.
    init(_ object: AnyObject, makesHandles: Bool = true, known: Set<String> = []) {
        self.makesHandles = makesHandles
        self.known = known
        seen = [ObjectIdentifier(object)]
        keptBy = String(describing: type(of: object))
        walk(Mirror(reflecting: object), path: "")
        // A token does not say which center holds it: the one the object keeps, if it keeps
        // exactly one, else the default center, where `addObserver(forName:…)` usually goes.
        let center = centers.count == 1 ? centers[0] : NotificationCenter.default
        holders += tokens.filter { !known.contains($0.path) }.map {
            Holder(path: $0.path, handle: HolderHandle(observer: $0.token, center: center))
        }
    }

    /// The stored closures, among those the walk met, that hold `owner` strongly (read with
    /// `CaptureSearch`), each with the way it reaches it; and the holders whose own closure (a
    /// `Timer`'s block) was read and does not.
    func closureReading(of owner: AnyObject) -> ClosureReading {
        var reading = ClosureReading()
        for found in closures {
            var search = CaptureSearch(for: owner)
            if let route = search.route(fromClosure: found.closure) {
                reading.capturing.append(CapturingClosure(path: found.path, keptBy: found.keptBy, through: route))
            } else if found.keptBy == Self.timerBlock {
                reading.innocentHolders.append(found.path)
            }
        }
        return reading
    }

    /// How the closure a `Timer` keeps (its block) is told from the closures of the user's types.
    static let timerBlock = String(reflecting: Timer.self)

    /// Notes the block a Foundation `Timer` keeps, where `Mirror` shows it (swift-corelibs-foundation's `_fire`).
    private mutating func noteBlock(of timer: Timer, path: String) {
        guard FieldStrength.isReflectable(Timer.self) else { return }
        for child in Mirror(reflecting: timer).children where ClosureContext.context(ofFunction: child.value) != nil {
            closures.append((path, Self.timerBlock, child.value))
        }
    }

    /// Walks a value's children, an object's superclasses' first; a superclass's property that a
    /// subclass's property of the same name shadows is `super.name`.
    private mutating func walk(_ mirror: Mirror, path: String) {
        var levels = [mirror]
        while let superclass = levels.last?.superclassMirror { levels.append(superclass) }
        levels.removeAll { !FieldStrength.isReflectable($0.subjectType) }
        let labels = Set(levels.flatMap { $0.children.compactMap(\.label) })
        var below: Set<String> = []
        var named: [[String?]] = []
        for level in levels {
            let names = level.children.map { Self.propertyName($0.label, among: labels) }
            named.append(names.map { $0.map { below.contains($0) ? "super.\($0)" : $0 } })
            below.formUnion(names.compactMap { $0 })
        }
        for (level, names) in zip(levels, named).reversed() {
            for (index, child) in level.children.enumerated() {
                visit(child.value, path: Self.childPath(path, names[index], index: index, style: level.displayStyle))
            }
        }
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

    private mutating func visit(_ value: Any, path: String) {
        if let makeHandle = Self.handleMaker(value) {
            if makesHandles, !known.contains(path) { holders.append(Holder(path: path, handle: makeHandle())) }
            if !makesHandles, let timer = value as? Timer { noteBlock(of: timer, path: path) }
            return
        }
        if let kind = Self.unsetHolder(value) {
            unset.append("\(path) (\(kind))")
            return
        }
        if let center = value as? NotificationCenter {
            centers.append(center)
            return
        }
        // Closures are read only once an object leaked (the walk without handles); the walks at
        // start and release, on every check's path, pass them by.
        if !makesHandles, ClosureContext.context(ofFunction: value) != nil {
            closures.append((path, keptBy, value))
            return
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            if Self.isObserverToken(value) {
                tokens.append((path, value as AnyObject))
                return
            }
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
            let outer = keptBy
            keptBy = String(describing: type(of: value))
            defer { keptBy = outer }
            walk(mirror, path: path)
        } else if mirror.displayStyle == .dictionary {
            walkDictionary(mirror, path: path)
        } else {
            walk(mirror, path: path)
        }
    }

    /// A dictionary's children are (key, value) pairs: each value is named by its key.
    private mutating func walkDictionary(_ mirror: Mirror, path: String) {
        for pair in mirror.children {
            let parts = Array(Mirror(reflecting: pair.value).children)
            guard parts.count == 2 else { continue }
            let key = parts[0].value is String ? "\"\(parts[0].value)\"" : "\(parts[0].value)"
            visit(parts[1].value, path: "\(path)[\(key)]")
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
    private static func childPath(_ parent: String, _ name: String?, index: Int, style: Mirror.DisplayStyle?) -> String {
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
