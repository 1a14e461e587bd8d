import Dispatch
import Foundation
import TimerLabHarness

/// Finds every holder an object keeps (a `Timer`, dispatch source, `Task` of any result type,
/// `DispatchWorkItem` or `NotificationCenter` observer token) by walking its stored properties
/// with `Mirror`: through nested objects, optionals, arrays, sets and dictionaries, each object
/// once, naming each by its property path (`ticker.source`, `timers["utc"]`). It also notes the
/// properties of those types that are `nil`: a `Timer?` that `start` never set.
struct PropertyWalk {
    /// One holder: where it is kept, and a handle that watches and stops it (weakly).
    struct Holder {
        let path: String
        let handle: TimerHandle
    }

    /// The holders, in the order the properties are declared (observer tokens last).
    private(set) var holders: [Holder] = []
    /// The holder-typed properties that were `nil`, as `path (Kind)`.
    private(set) var unset: [String] = []
    private var seen: Set<ObjectIdentifier>
    private var centers: [NotificationCenter] = []
    private var tokens: [(path: String, token: AnyObject)] = []

    /// Walks `object`.
    init(_ object: AnyObject) {
        seen = [ObjectIdentifier(object)]
        walk(Mirror(reflecting: object), path: "")
        // A token does not say which center holds it: the one the object keeps, if it keeps
        // exactly one, else the default center, where `addObserver(forName:…)` usually goes.
        let center = centers.count == 1 ? centers[0] : NotificationCenter.default
        holders += tokens.map { Holder(path: $0.path, handle: TimerHandle(observer: $0.token, center: center)) }
    }

    private mutating func walk(_ mirror: Mirror, path: String) {
        if let superclass = mirror.superclassMirror {
            walk(superclass, path: path)
        }
        for (index, child) in mirror.children.enumerated() {
            visit(child.value, path: Self.childPath(path, child.label, index: index, style: mirror.displayStyle))
        }
    }

    private mutating func visit(_ value: Any, path: String) {
        if let holder = Self.holder(value, path: path) {
            holders.append(holder)
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
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            if Self.isObserverToken(value) {
                tokens.append((path, value as AnyObject))
                return
            }
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
        }
        if mirror.displayStyle == .dictionary {
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

    /// A timer, source, task or work item, with a handle that knows how to watch and stop it.
    private static func holder(_ value: Any, path: String) -> Holder? {
        if let timer = value as? Timer {
            return Holder(path: path, handle: TimerHandle(timer: timer))
        }
        if let source = value as? DispatchSourceTimer {
            return Holder(path: path, handle: TimerHandle(source: source))
        }
        if let task = value as? any WatchableTask {
            return Holder(path: path, handle: task.makeHandle())
        }
        if let item = value as? DispatchWorkItem {
            return Holder(path: path, handle: TimerHandle(workItem: item))
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

    /// `name`, `parent.name`, `parent[2]`; an optional's `some` adds nothing to the path.
    private static func childPath(_ parent: String, _ label: String?, index: Int, style: Mirror.DisplayStyle?) -> String {
        switch style {
        case .optional?: return parent
        case .collection?, .set?: return "\(parent)[\(index)]"
        default:
            let name = (label ?? "\(index)").trimmingPrefix("_")  // a property wrapper's storage
            return parent.isEmpty ? String(name) : "\(parent).\(name)"
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
    func makeHandle() -> TimerHandle
}

extension Task: WatchableTask {
    func makeHandle() -> TimerHandle { TimerHandle(anyTask: self) }
}
