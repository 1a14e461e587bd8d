import Foundation

/// The objects a walk went through on its way from the checked object to its holders, and which
/// of them something outside the checked object keeps too: what the check must not stop.
///
/// How "kept elsewhere" is told: an object's strong reference count, less the references the
/// walk saw to it from inside the checked object (stored properties, and the objects its
/// stored closures and `Timer` blocks capture directly). The count is read from the object's
/// count word as bytes (`RawMemory.strongCount`): the walk holds nothing, so reading adds
/// nothing to it. A surplus is believed only if it lasts (`StrongCount`). A count is only ever a reason *not* to stop: a lasting reference
/// the walk cannot see (a dispatch source's handler, a task's closure) makes an object look
/// shared, and then its holders are reported and left running, never stopped by mistake; no
/// count ever makes a stop happen.
struct OwnershipGraph {
    /// One object on the way: where it was first met, the object whose property kept it, its
    /// address, and the words read from its parent's bytes on to it (`way`).
    private struct Node {
        let path: String
        let parent: Int?
        let address: UInt
        var way: WayDown
    }

    private var nodes: [Node] = []
    private var edges: [UInt: Int] = [:]
    /// Where each object's counted references are kept (the first few): what a leak below the
    /// checked object is held by when no holder inside it is going.
    private var keepers: [UInt: [LifetimeReport.Child.Keeper]] = [:]

    /// Adds the object at `address`, met at `path` inside the object at `parent` (`nil`: the
    /// checked object); returns its index.
    mutating func add(_ address: UInt, path: String, parent: Int?, way: WayDown = WayDown(links: [])) -> Int {
        nodes.append(Node(path: path, parent: parent, address: address, way: way))
        return nodes.count - 1
    }

    /// The way from the checked object down to the object at `node`: each word it was read from,
    /// with the address that word held, the outermost first (those read from no one word left out).
    /// Read again after a claim, it tells the object claimed is still the one the walk met there,
    /// not another at its address since (`WayDown`).
    func way(to node: Int) -> WayDown {
        var parts: [WayDown] = []
        var index: Int? = node
        while let at = index, nodes[at].parent != nil {
            parts.append(nodes[at].way)
            index = nodes[at].parent
        }
        return WayDown(links: parts.reversed().flatMap(\.links))
    }

    /// Whether the walk met any object besides the checked one.
    var hasObjects: Bool { nodes.count > 1 }

    /// Counts one strong reference to the object at `address` from inside the checked object,
    /// kept by `keeper`.
    mutating func countEdge(to address: UInt, keptBy keeper: LifetimeReport.Child.Keeper) {
        edges[address, default: 0] += 1
        if keepers[address, default: []].count < 4 { keepers[address, default: []].append(keeper) }
    }

    /// What keeps the object at `address` inside the checked object, as counted.
    func keepers(of address: UInt) -> [LifetimeReport.Child.Keeper] {
        keepers[address] ?? []
    }

    /// The contexts counted already: a closure kept in two places holds its captures once.
    private var countedContexts: Set<UInt> = []

    /// Counts the objects the closure whose context is `context` captures: directly, and through
    /// the closures it captures that nothing else keeps (a library's wrapper around the closure a
    /// user passed, a task's thunk around its operation), `depth` levels down.
    mutating func countCaptures(ofContext context: UInt, keptAt path: String, depth: Int = 4) {
        guard countedContexts.insert(context).inserted else { return }
        for capture in ClosureContext.captures(of: context) ?? [] {
            switch capture {
            // An object used as the context itself (`helper.tick`) is its one capture.
            case .object(let object, _): countEdge(to: object, keptBy: .closure(path))
            case .context(let inner) where depth > 1 && RawMemory.strongCount(at: inner) == 1:
                countCaptures(ofContext: inner, keptAt: path, depth: depth - 1)
            default: break
            }
        }
    }

    /// How many strong references to the object at `address` the walk has counted so far.
    func edges(to address: UInt) -> Int {
        edges[address, default: 0]
    }

    /// For each object on the way (by index) that is kept elsewhere too, or lies inside one that
    /// is: the path of the outermost such object.
    func sharedPaths(rereads: Int = StrongCount.rereads) -> [Int: String] {
        guard nodes.count > 1 else { return [:] }
        let surplus = StrongCount.lasting(Set(nodes.indices.dropFirst()), rereads: rereads) { index in
            StrongCount.surplus(at: nodes[index].address, counted: edges[nodes[index].address, default: 0])
        }
        var shared: [Int: String] = [:]
        for index in nodes.indices.dropFirst() {
            if let parent = nodes[index].parent, let outer = shared[parent] {
                shared[index] = outer
            } else if surplus.contains(index) {
                shared[index] = nodes[index].path
            }
        }
        return shared
    }
}

/// Reads strong reference counts, each through one function, so that what reading adds is the
/// same for every object and for the control.
///
/// A surplus is believed only if it lasts: a reference that only a running handler holds (a
/// library's source that takes its object weakly and holds it while it fires, on another thread)
/// is gone within a few reads, `pause` apart; another owner's stays. Seen once, it would make the
/// same object kept elsewhere in one check and not in the next.
enum StrongCount {
    /// How many more reads a surplus gets.
    static let rereads = 4
    /// How long apart they are, in microseconds: 2 ms in all, where a handler's hold is microseconds.
    static let pause: useconds_t = 500

    /// The members of `candidates` for which `surplus` holds now and at each later read. The
    /// rereads are shared: a batch (a walk's waiting objects, `PropertyWalk`; the objects on the way,
    /// `sharedPaths`) pays 2 ms at most, and nothing when no candidate has a surplus.
    static func lasting(_ candidates: Set<Int>, rereads: Int = rereads, _ surplus: (Int) -> Bool) -> Set<Int> {
        var lasting = candidates.filter(surplus)
        for _ in 0..<rereads where !lasting.isEmpty {
            usleep(pause)
            lasting = lasting.filter(surplus)
        }
        return lasting
    }

    /// Whether the object at `address` has more strong references than the `counted` ones the
    /// walk saw from inside; a count that cannot be read (the object gone meanwhile) is none.
    static func surplus(at address: UInt, counted: Int) -> Bool {
        guard let count = RawMemory.strongCount(at: address) else { return false }
        return count > counted
    }
}
