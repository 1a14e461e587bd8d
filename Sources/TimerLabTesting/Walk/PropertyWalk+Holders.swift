import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// The kinds of holder the walk watches and may stop, told from an object's class.
enum HolderKind: Sendable {
    case timer
    case source
    case workItem

    /// What each class met is, told once per class (a walk may meet thousands of holders).
    private static let known = Mutex<[ObjectIdentifier: HolderKind?]>([:])

    /// The kind of holder an instance of `type` is, or `nil` for any other class.
    static func of(_ type: Any.Type) -> HolderKind? {
        if let found = known.withLock({ $0[ObjectIdentifier(type)] }) { return found }
        let kind = holderKind(of: type)
        known.withLock { $0[ObjectIdentifier(type)] = .some(kind) }
        return kind
    }

    private static func holderKind(of type: Any.Type) -> HolderKind? {
        if RawObject.isSubclass(type, of: Timer.self) { return .timer }
        if RawObject.isSubclass(type, of: DispatchWorkItem.self) { return .workItem }
        if let source = sourceClass, RawObject.isSubclass(type, of: source) { return .source }
        return nil
    }

    /// The class a `DispatchSourceTimer` is an instance of where the existential is opaque (Linux).
    private static var sourceClass: AnyClass? {
        #if canImport(Glibc)
        return DispatchSource.self
        #else
        return nil
        #endif
    }
}

extension PropertyWalk {
    /// The children of an object to read next: its stored properties (the `selection` of them),
    /// its superclasses' first, and each `Mutex` it keeps, read under its own lock.
    mutating func children(of object: RawObject, path: String, depth: Int, node: Int, selection: RawObject.Selection) -> [Pending] {
        guard depth < Self.depthLimit else {
            skipped.bound = skipped.bound ?? "below `\(Self.abbreviated(path))`"
            return []
        }
        guard let layout = classes[object.isa].map({ $0.layout }) ?? object.layout else {
            // No field records (a class built without reflection metadata): nothing to lay out by.
            skipped.storage.append(path.isEmpty ? "self" : path)
            return []
        }
        // What could not be laid out is told once, with the first reading of the object.
        if selection != .variables { skipped.storage += layout.unread.map { Self.childPath(path, $0, index: 0, style: .class) } }
        // Paths are spelled from every field (a shadowed name, a wrapper's storage), whichever are read.
        let fields = object.fields(of: layout, selection: .all)
        let paths = Self.fieldPaths(fields, under: path)
        let keptBy = String(describing: object.type)
        var result: [Pending] = []
        for (field, fieldPath) in zip(fields, paths) where selection.admits(field) {
            var value = field.value
            if field.isNoncopyable {
                guard let opened = openLocked(field, in: object, layout: layout) else {
                    skipped.storage.append(fieldPath)
                    continue
                }
                value = opened
            }
            result.append(
                Pending(item: .value(value), path: fieldPath, keptBy: keptBy, depth: depth + 1, node: node, weak: field.strength == .weak))
        }
        return result
    }

    /// A `Mutex`'s value, copied out under its own lock (`LockedValue`), with the object held by
    /// a claim meanwhile: the lock lives in the object, and is touched only while it is alive.
    private mutating func openLocked(_ field: RawChild, in object: RawObject, layout: TypeFields.Layout) -> RawValue? {
        guard let offset = field.value.origin.map({ Int($0 - object.address) }) else { return nil }
        let next = layout.fields.map(\.offset).filter { $0 > offset }.min() ?? object.contents.bytes.count
        let claimed: AnyObject? = object.address == rootAddress ? nil : RawMemory.claim(object.address, isa: object.isa)
        guard claimed != nil || object.address == rootAddress else { return nil }
        return withExtendedLifetime(claimed) {
            guard let pointer = UnsafeRawPointer(bitPattern: object.address),
                case .value(let copy) = LockedValue.read(at: pointer + offset, span: next - offset)
            else { return nil }
            keptAlive.append(copy)
            return RawValue.owned(copy)
        }
    }

    /// Notes a holder (unless its path is known), taken by a claim, and what a `Timer`'s block captures.
    mutating func noteHolder(
        _ pending: Pending, at address: UInt, isa: UInt, type: Any.Type, kind: HolderKind, origin: UInt?, way: [WayDown.Link]
    ) {
        if makesHandles, !tentative, !known.contains(pending.path) {
            let wayDown = graph.way(to: pending.node).then(way).then(origin, address)
            if let handle = handle(at: address, isa: isa, kind: kind, way: wayDown) {
                // One kept weakly is reported and never stopped: the object does not own it.
                holders.append(Holder(path: pending.path, handle: handle, keptElsewhere: pending.weak ? pending.path : nil))
                holderNodes.append(pending.node)
            } else {
                skipped.changed.append(pending.path)
            }
        }
        guard !pending.weak else { return }
        if kind == .source {
            handlers.append(.source(address, path: pending.path))
            sources.append((pending.path, address))
        }
        guard kind == .timer, let timer = RawObject.read(address, isa: isa, type: type) else { return }
        for context in Self.closureContexts(in: timer) {
            noteClosure(context, pending, keptBy: Self.timerBlock)
        }
    }

    /// A handle for the holder at `address`, claimed; `nil` when it was gone or replaced by the time it was taken.
    private func handle(at address: UInt, isa: UInt, kind: HolderKind, way: WayDown) -> HolderHandle? {
        guard let claimed = way.claim(address, isa: isa) else { return nil }
        switch kind {
        case .timer: return (claimed as? Timer).map { HolderHandle(timer: $0) }
        case .source: return (claimed as? DispatchSourceTimer).map { HolderHandle(source: $0, resumesSuspended: false) }
        case .workItem: return (claimed as? DispatchWorkItem).map { HolderHandle(workItem: $0) }
        }
    }

    /// Notes a `Task` as a holder: its job claimed, then given the `Task` type it is kept as.
    mutating func noteTask(_ pending: Pending, job: UInt, type: Any.Type, origin: UInt?, way: [WayDown.Link]) {
        if !pending.weak, let success = (type as? any WatchableTask.Type)?.successType {
            handlers.append(.task(job, success: success, path: pending.path))
        }
        guard makesHandles, !tentative, !known.contains(pending.path) else { return }
        guard let isa = RawMemory.isa(of: job), SystemSeam.claimReference(at: job, isa: isa) else {
            skipped.changed.append(pending.path)
            return
        }
        // The claim is the `Task` value's own reference: a copy made from its bytes takes one
        // more, and the claim is given back once it is made.
        func typed<T>(_: T.Type) -> Any { withUnsafeBytes(of: job) { $0.load(as: T.self) } }
        let task = _openExistential(type, do: typed)
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: job)!).release()
        guard graph.way(to: pending.node).then(way).then(origin, job).stillStands else {
            skipped.changed.append(pending.path)
            return
        }
        guard let watchable = task as? any WatchableTask else { return }
        holders.append(Holder(path: pending.path, handle: watchable.makeHandle(), keptElsewhere: pending.weak ? pending.path : nil))
        holderNodes.append(pending.node)
    }

    /// The contexts of the closures a `Timer` keeps (its block, swift-corelibs-foundation's `_fire`).
    static func closureContexts(in object: RawObject) -> [UInt] {
        object.fields().flatMap { field -> [UInt] in
            switch field.value.parts() {
            case .closure(let context): return [context]
            case .children(let inside, .optional?):
                return inside.compactMap { if case .closure(let context) = $0.value.parts() { context } else { nil } }
            default: return []
            }
        }
    }

    /// The kind's name when `value` is a `nil` optional of a holder type (`Timer?`, `Task?`…).
    static func unsetHolder(_ value: RawValue) -> String? {
        guard TypeLayout.kind(of: value.type) == 0x202, ValueWitnesses.enumCase(of: value)?.payload == nil else { return nil }
        let wrapped = unsafeBitCast(
            unsafeBitCast(value.type, to: UnsafeRawPointer.self).load(fromByteOffset: 16, as: UnsafeRawPointer.self), to: Any.Type.self)
        if wrapped is Timer.Type { return "Timer" }
        if wrapped is any DispatchSourceTimer.Type { return "DispatchSourceTimer" }
        if wrapped is any WatchableTask.Type { return "Task" }
        if wrapped is DispatchWorkItem.Type { return "DispatchWorkItem" }
        return nil
    }
}

/// Every `Task`, whatever its result and error types: a dynamic cast to this protocol matches
/// `Task<Int, Never>` and `Task<String, any Error>` alike, where a cast to one concrete `Task`
/// type would match that type alone.
protocol WatchableTask {
    /// A handle that watches the task (running until its body returns) and stops it (cancel).
    func makeHandle() -> HolderHandle
    /// What the task returns: where its closure's context lies depends on it (`TaskOperation`).
    static var successType: Any.Type { get }
}

extension Task: WatchableTask {
    func makeHandle() -> HolderHandle { HolderHandle(anyTask: self) }
    static var successType: Any.Type { Success.self }
}
