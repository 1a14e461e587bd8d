import Foundation

/// The objects a walk went through on its way from the checked object to its holders, and which
/// of them something outside the checked object keeps too: what the check must not stop.
///
/// How "kept elsewhere" is told: an object's strong reference count, less the references the
/// walk saw to it from inside the checked object (stored properties, and the objects its
/// stored closures and `Timer` blocks capture directly), less what reading the count adds
/// itself. The last is measured, not assumed: a control object that exactly one property keeps
/// is read through the same function, in the same build, each time. A surplus is believed only
/// if it lasts (`StrongCount`). A count is only ever a reason *not* to stop: a lasting reference
/// the walk cannot see (a dispatch source's handler, a task's closure) makes an object look
/// shared, and then its holders are reported and left running, never stopped by mistake; no
/// count ever makes a stop happen.
struct OwnershipGraph {
    /// One object on the way: where it was first met, and the object whose property kept it.
    private struct Node {
        let path: String
        let parent: Int?
        let object: Unmanaged<AnyObject>
    }

    private var nodes: [Node] = []
    private var edges: [ObjectIdentifier: Int] = [:]

    /// Adds `object`, met at `path` inside the object at `parent` (`nil`: the checked object); returns its index.
    mutating func add(_ object: AnyObject, path: String, parent: Int?) -> Int {
        nodes.append(Node(path: path, parent: parent, object: .passUnretained(object)))
        return nodes.count - 1
    }

    /// Counts one strong reference to `object` from inside the checked object.
    mutating func countEdge(to object: AnyObject) {
        edges[ObjectIdentifier(object), default: 0] += 1
    }

    /// Counts the objects the closure in `value` captures directly (not through other closures or boxes).
    mutating func countCaptures(of value: Any) {
        // An object used as the context itself (`helper.tick`) is its one capture.
        guard let context = ClosureContext.context(ofFunction: value) else { return }
        for case .object(let object) in ClosureContext.captures(of: context) ?? [] { countEdge(to: object) }
    }

    /// How many strong references to `object` the walk has counted so far.
    func edges(to object: AnyObject) -> Int {
        edges[ObjectIdentifier(object), default: 0]
    }

    /// For each object on the way (by index) that is kept elsewhere too, or lies inside one that
    /// is: the path of the outermost such object.
    func sharedPaths(looks: Int = StrongCount.looks) -> [Int: String] {
        guard nodes.count > 1 else { return [:] }
        // Held while counting, each exactly once, so every object read is alive and the hold
        // adds a known one to each count.
        let held = nodes.dropFirst().map { $0.object.takeUnretainedValue() }
        let base = StrongCount.readingCost()
        let surplus = StrongCount.lasting(Set(nodes.indices.dropFirst()), looks: looks) { index in
            let node = nodes[index]
            return StrongCount.of(node.object) - base - 1 > edges[ObjectIdentifier(node.object.takeUnretainedValue()), default: 0]
        }
        var shared: [Int: String] = [:]
        for index in nodes.indices.dropFirst() {
            if let parent = nodes[index].parent, let outer = shared[parent] {
                shared[index] = outer
            } else if surplus.contains(index) {
                shared[index] = nodes[index].path
            }
        }
        withExtendedLifetime(held) {}
        return shared
    }
}

/// Reads strong reference counts, each through one function, so that what reading adds is the
/// same for every object and for the control.
///
/// A surplus is believed only if it lasts: a reference that only a running handler holds (a
/// library's source that takes its object weakly and holds it while it fires, on another thread)
/// is gone within a few looks, `pause` apart; another owner's stays. Seen once, it would make the
/// same object kept elsewhere in one check and not in the next.
enum StrongCount {
    /// How many more looks a surplus gets.
    static let looks = 4
    /// How long apart they are, in microseconds: 2 ms in all, where a handler's hold is microseconds.
    static let pause: useconds_t = 500

    /// The members of `candidates` for which `surplus` holds now and at each later look. The
    /// looks are shared: a batch (a walk's waiting objects, `PropertyWalk`; the objects on the way,
    /// `sharedPaths`) pays 2 ms at most, and nothing when no candidate has a surplus.
    static func lasting(_ candidates: Set<Int>, looks: Int = looks, _ surplus: (Int) -> Bool) -> Set<Int> {
        var lasting = candidates.filter(surplus)
        for _ in 0..<looks where !lasting.isEmpty {
            usleep(pause)
            lasting = lasting.filter(surplus)
        }
        return lasting
    }

    /// The strong count of `object` as this function reads it.
    @inline(never)
    static func of(_ object: Unmanaged<AnyObject>) -> Int {
        Int(_getRetainCount(object.takeUnretainedValue()))
    }

    /// What `of` reads beyond the true count: read on a control that one property keeps.
    static func readingCost() -> Int {
        let parent = Control()
        let child = Unmanaged<AnyObject>.passUnretained(parent.child)
        return withExtendedLifetime(parent) { of(child) } - 1
    }

    /// The strong count of the object in `value`, as this function reads it while the walk
    /// visits the value (what the walk's own holds add is measured on a control, `PropertyWalk`).
    @inline(never)
    static func whileVisiting(_ value: Any) -> Int {
        Int(_getRetainCount(value as AnyObject))
    }

    /// A parent whose one property keeps `child`: the control both reads measure their own holds
    /// on (`readingCost` here, the walk's visits in `PropertyWalk`).
    final class Control {
        let child: AnyObject = ControlChild()
    }

    private final class ControlChild {}
}
