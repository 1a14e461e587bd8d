import TimerLabHarness

/// An object the checked object alone kept before its release (`PropertyWalk.ownObjects`),
/// watched by a weak reference: when the checked object goes, it must go too.
///
/// `@unchecked Sendable`, with this invariant: `path`, `typeName` and `keptBy` are constants, and `object`
/// is a `weak` reference, whose loads and its clearing by the runtime are atomic.
final class WatchedChild: @unchecked Sendable {
    /// Where the checked object kept it: `poller`, `model.poller`, `widgets[2]`.
    let path: String
    let typeName: String
    /// What keeps it inside the checked object besides `path` (`LifetimeReport.Child.keptBy`).
    let keptBy: [LifetimeReport.Child.Keeper]
    /// The object, while anything else holds it.
    private(set) weak var object: AnyObject?

    /// Watches `object`, a reference the walk claimed; the watch keeps none.
    init(path: String, object: AnyObject, keptBy: [LifetimeReport.Child.Keeper] = []) {
        self.path = path
        typeName = String(describing: type(of: object))
        self.keptBy = keptBy
        self.object = object
    }

    /// Whether it is still alive.
    var isAlive: Bool { object != nil }
}

extension WatchedChild {
    /// Weak watches of the objects a checked object alone keeps, each taken by a claim (and the
    /// claim given back at once): one gone meanwhile is not watched, nor one whose way down no
    /// longer leads to it (another object has its address since: issue 66, item 7).
    static func watching(_ objects: [PropertyWalk.OwnObject]) -> [WatchedChild] {
        objects.compactMap { own in
            own.way.claim(own.address, isa: own.isa).map { WatchedChild(path: own.path, object: $0, keptBy: own.keptBy) }
        }
    }

    /// Weak watches of what `object` alone keeps now, read by a walk where the caller runs (on
    /// its actor, or its own thread): for a tracked object, whose tree is judged when its test
    /// ends, when the object itself may be gone. The walk's handles are dropped at once; it
    /// stops nothing.
    static func parts(of object: AnyObject) -> [WatchedChild] {
        watching(PropertyWalk(object).ownObjects)
    }
}

extension WatchedChild {
    /// How the children still alive when the checked object was judged freed end: each one
    /// freed within `patience` (polled, every 2 ms), and how long it took, or still alive then.
    static func outcomes(_ children: [WatchedChild], patience: Duration) async -> [LifetimeReport.Child] {
        await outcomes(ofAlive: children.filter(\.isAlive), patience: patience)
    }

    /// The same, of children seen alive at the first look.
    static func outcomes(ofAlive alive: [WatchedChild], patience: Duration) async -> [LifetimeReport.Child] {
        guard !alive.isEmpty else { return [] }
        let start = ContinuousClock.now
        var freedAfter: [Int: Duration] = [:]
        while freedAfter.count < alive.count, ContinuousClock.now - start < patience {
            try? await Task.sleep(for: .milliseconds(2))
            for (index, child) in alive.enumerated() where freedAfter[index] == nil && !child.isAlive {
                freedAfter[index] = ContinuousClock.now - start
            }
        }
        return alive.enumerated().map { index, child in
            LifetimeReport.Child(path: child.path, typeName: child.typeName, freedLate: freedAfter[index], keptBy: child.keptBy)
        }
    }
}

extension WatchedChild {
    /// How long a stop gets to free a child: a cancelled task returns at its next suspension,
    /// which a loaded machine can put off by hundreds of milliseconds.
    static let stopWait = Duration.seconds(1)

    /// The culprit search of a leak below the object: for each child still alive after the
    /// patience, its own holders still going, stopped one at a time as the object's are, until
    /// one stop frees it. The child is the object's alone, so its holders may be stopped.
    static func culprits(
        of outcomes: [LifetimeReport.Child], watched: [WatchedChild], handles: [(path: String, handle: HolderHandle)]
    ) async -> [LifetimeReport.Child] {
        var result = outcomes
        for index in result.indices where result[index].leaked {
            guard let child = watched.first(where: { $0.path == result[index].path }), child.isAlive else { continue }
            let inside = handles.filter { LifetimeReport.path($0.path, isInside: child.path) && $0.handle.mayStop && !$0.handle.isStopped }
            for (path, handle) in inside {
                guard handle.stopIfScheduled() else { continue }
                result[index].stopsTried.append(path)
                if await freed(child) {
                    result[index].culprit = path
                    break
                }
            }
        }
        return result
    }

    private static func freed(_ child: WatchedChild) async -> Bool {
        let start = ContinuousClock.now
        while child.isAlive, ContinuousClock.now - start < stopWait {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return !child.isAlive
    }
}
