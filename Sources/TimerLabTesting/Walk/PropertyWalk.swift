import Dispatch
import Foundation
import TimerLabHarness

/// Finds every `Timer`, dispatch source and `Task` (of any result type) an object keeps, by walking its stored
/// properties with `Mirror`: through nested objects, optionals, arrays, sets and dictionaries,
/// each object once, naming each find by its property path (`ticker.source`, `timers["utc"]`).
enum PropertyWalk {
    /// One find: where it is kept, and a handle that watches and stops it (weakly).
    struct Find {
        let path: String
        let handle: TimerHandle
        /// What the handle watches, so a second walk does not register it twice.
        let identity: ObjectIdentifier?
    }

    /// Everything `object` keeps, in the order its properties are declared.
    static func finds(in object: AnyObject) -> [Find] {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(object)]
        var finds: [Find] = []
        walk(Mirror(reflecting: object), path: "", seen: &seen, into: &finds)
        return finds
    }

    private static func walk(_ mirror: Mirror, path: String, seen: inout Set<ObjectIdentifier>, into finds: inout [Find]) {
        if let superclass = mirror.superclassMirror {
            walk(superclass, path: path, seen: &seen, into: &finds)
        }
        for (index, child) in mirror.children.enumerated() {
            visit(child.value, path: childPath(path, child.label, index: index, style: mirror.displayStyle), seen: &seen, into: &finds)
        }
    }

    private static func visit(_ value: Any, path: String, seen: inout Set<ObjectIdentifier>, into finds: inout [Find]) {
        if let find = find(value, path: path) {
            finds.append(find)
            return
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            let object = value as AnyObject
            guard seen.insert(ObjectIdentifier(object)).inserted else { return }
        }
        if mirror.displayStyle == .dictionary {
            walkDictionary(mirror, path: path, seen: &seen, into: &finds)
        } else {
            walk(mirror, path: path, seen: &seen, into: &finds)
        }
    }

    /// A dictionary's children are (key, value) pairs: each value is named by its key.
    private static func walkDictionary(_ mirror: Mirror, path: String, seen: inout Set<ObjectIdentifier>, into finds: inout [Find]) {
        for pair in mirror.children {
            let parts = Array(Mirror(reflecting: pair.value).children)
            guard parts.count == 2 else { continue }
            let key = parts[0].value is String ? "\"\(parts[0].value)\"" : "\(parts[0].value)"
            visit(parts[1].value, path: "\(path)[\(key)]", seen: &seen, into: &finds)
        }
    }

    /// A timer, source or task, with a handle that knows how to watch and stop it.
    private static func find(_ value: Any, path: String) -> Find? {
        if let timer = value as? Timer {
            return Find(path: path, handle: TimerHandle(timer: timer), identity: ObjectIdentifier(timer))
        }
        if let source = value as? DispatchSourceTimer {
            return Find(path: path, handle: TimerHandle(source: source), identity: ObjectIdentifier(source as AnyObject))
        }
        if let task = value as? any WatchableTask {
            return Find(path: path, handle: task.makeHandle(), identity: nil)
        }
        return nil
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
