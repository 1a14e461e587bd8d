/// An object the checked object alone kept before its release (`PropertyWalk.ownObjects`),
/// watched by a weak reference: when the checked object goes, it must go too.
///
/// `@unchecked Sendable`, with this invariant: `path` and `typeName` are constants, and `object`
/// is a `weak` reference, whose loads and its clearing by the runtime are atomic.
final class WatchedChild: @unchecked Sendable {
    /// Where the checked object kept it: `poller`, `model.poller`, `widgets[2]`.
    let path: String
    let typeName: String
    private weak var object: AnyObject?

    /// Watches `object`, a reference the walk claimed; the watch keeps none.
    init(path: String, object: AnyObject) {
        self.path = path
        typeName = String(describing: type(of: object))
        self.object = object
    }

    /// Whether it is still alive.
    var isAlive: Bool { object != nil }
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
            LifetimeReport.Child(path: child.path, typeName: child.typeName, freedLate: freedAfter[index])
        }
    }
}
