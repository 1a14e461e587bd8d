import Foundation
import TimerLabHarness

/// Finds what keeps an object from outside the objects it owns: the shortest chain of strong
/// references from a global or a static to it, read from a still copy of the process
/// (`SystemSeam.withStillCopy`), as LeakCanary's heap analysis names the path from a root.
///
/// How: the roots are the words of the program's own images' data (their `.data` and `.bss`,
/// not the toolchain's or the system's libraries) that refer to a live Swift object on the heap.
/// From them the search goes forward, breadth first, through what each object refers to
/// strongly: its stored properties (`weak` and `unowned` ones never), the structs, optionals,
/// arrays and dictionaries inside them, and the elements of a collection's storage met on its
/// own. The first time it meets the object, the chain is the shortest; each step is named as
/// Swift code reaches it (`FeedRegistry.shared` → `refreshers[0]`). It never goes through an
/// object of the checked object's own tree (`own`): a chain through one of its own holders is
/// the object's own doing, which the proof by stopping tells.
///
/// Why forward from the roots, and why a still copy: only what a global reaches is read (the
/// program's graph, not every word of a heap of hundreds of megabytes), and only through typed
/// strong references, so a stale copy of an address (freed memory, a dead stack slot, a removed
/// element) is never taken for a holder. The program's threads go on replacing what they keep;
/// the copy's words never change, so a chain read from it was there, all of it at once. The child
/// that holds the copy runs nothing, and nothing here takes a reference or runs user code.
struct RootSearch {
    /// What the search found.
    enum Outcome: Equatable {
        /// The chain, spelled as Swift code reaches it: the global first (`Registry.shared`), then
        /// each step (`items[0]`), ending at the object.
        case held([String])
        /// No chain from a global within the bounds: nothing outside holds it, or what does is no global's.
        case none
        /// The search did not run or did not end: why.
        case notRead(String)
    }

    /// How many objects deep a chain may be, and how many objects are read at most.
    static let depthLimit = 8
    static let visitLimit = 20_000

    let images: [ImageData]
    let own: Set<UInt>
    let deadline: ContinuousClock.Instant
    /// What objects refer to, read with the images' layout (`ImageLayout`).
    var references: ObjectReferences

    /// One image's private writable mapping (its data): where it lies, the image, and where that is loaded.
    struct ImageData {
        let start: UInt
        let end: UInt
        let path: String
        let base: UInt
    }

    /// Searches for `target` within `limit`, not through the objects at `own`: first in the
    /// live process, and where that finds a chain, again in a still copy, whose answer is the one given.
    ///
    /// Why both: a still copy costs the program while it lives (every page it writes is copied
    /// for the child) and a fork and an exit of a large process besides, and most leaks have no
    /// chain from a global; reading the live process costs neither, and what it reads can only
    /// be stale, never fault. A chain it finds is then read again where nothing changes, one
    /// copy at a time in a process, so that the chain reported was there, all of it at once.
    ///
    /// Every read is served a page at a time (`SystemSeam.withPageCache`): each read of another
    /// process's or this one's memory holds the kernel's lock on the address space, which a test
    /// process's hundreds of threads take to grow and to fault, and a search that read word by
    /// word waited seconds for it on two loaded cores.
    static func search(for target: UInt, own: Set<UInt>, limit: Duration = .seconds(RunSettings.outsideSearchLimit)) -> Outcome {
        SystemSeam.withPageCache { cachedSearch(for: target, own: own, limit: limit) }
    }

    private static func cachedSearch(for target: UInt, own: Set<UInt>, limit: Duration) -> Outcome {
        guard let layout = ImageLayout.current() else { return .notRead("this process's mappings cannot be read") }
        // Each image's symbols are read once a process, by the first search.
        for image in layout.images { _ = ImageSymbols.of(path: image.path, base: image.base) }
        // The search's own time begins once the tables are read: once a process, and at a suite's
        // start, while every check begins together, a table can take seconds to be read.
        let deadline = ContinuousClock.now + limit
        var live = RootSearch(
            images: layout.images, own: own.union([target]), deadline: deadline, references: ObjectReferences(layout: layout))
        let found = live.run(to: target)
        guard case .held = found else { return found }
        var still = RootSearch(
            images: layout.images, own: own.union([target]), deadline: deadline, references: ObjectReferences(layout: layout))
        let seconds = Double((deadline - .now) / .milliseconds(1)) / 1000
        guard seconds > 0, copying.lock(before: Date(timeIntervalSinceNow: seconds)) else {
            return .notRead("the search ran past its time limit")
        }
        defer { copying.unlock() }
        return SystemSeam.withStillCopy { still.run(to: target) } ?? .notRead("no still copy of the process could be made")
    }

    /// Taken while a still copy lives.
    private static let copying = NSLock()

    /// One object met: how it was reached (a root's location in an image's data, or its parent
    /// and the step from it), and how deep.
    private struct Met {
        let address: UInt
        let parent: Int?
        let step: String
        let depth: Int
        var root: (location: UInt, image: Int)? = nil
    }

    private mutating func run(to target: UInt) -> Outcome {
        if let image = images.first(where: { $0.start <= target && target < $0.end }) {
            // An optimized build lays a singleton out in its image's `.bss`: the object is the global.
            return .held([ImageSymbols.of(path: image.path, base: image.base)?.name(at: target) ?? Self.unnamed(image)])
        }
        var met: [Met] = []
        var seen: Set<UInt> = []
        guard let roots = roots() else { return .notRead("the search ran past its time limit") }
        for root in roots where seen.insert(root.address).inserted {
            met.append(root)
        }
        var next = 0
        while next < met.count {
            guard ContinuousClock.now < deadline else { return .notRead("the search ran past its time limit") }
            guard met.count < Self.visitLimit else { return .none }
            let current = met[next]
            if current.address == target { return .held(chain(to: next, in: met)) }
            if current.depth < Self.depthLimit, !own.contains(current.address) {
                for (step, address) in references.strong(of: current.address) where seen.insert(address).inserted {
                    met.append(Met(address: address, parent: next, step: step, depth: current.depth + 1))
                }
            }
            next += 1
        }
        return .none
    }

    /// The objects the program's globals and statics refer to (each variable's storage, as its
    /// image's symbol table lays it out), with where each reference lies. Each image's data is
    /// read a megabyte at a time, and the variables in it looked at in that copy.
    private mutating func roots() -> [Met]? {
        var roots: [Met] = []
        for (index, image) in images.enumerated() {
            let variables = (ImageSymbols.of(path: image.path, base: image.base)?.variables ?? []).filter {
                $0.address >= image.start && $0.address < image.end
            }.sorted { $0.address < $1.address }
            var chunk: (start: UInt, bytes: [UInt8]) = (0, [])
            for variable in variables {
                guard ContinuousClock.now < deadline else { return nil }
                let end = min(variable.address &+ variable.size, image.end)
                if variable.address < chunk.start || end > chunk.start + UInt(chunk.bytes.count) {
                    let count = Int(min(image.end - variable.address, UInt(RawMemory.readLimit)))
                    chunk = (variable.address, RawMemory.bytes(at: variable.address, count: count) ?? [])
                    guard end <= chunk.start + UInt(chunk.bytes.count) else { continue }
                }
                for location in stride(from: variable.address & ~7, to: end, by: 8) where location >= variable.address {
                    let word = chunk.bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: Int(location - chunk.start), as: UInt.self) }
                    guard references.isHeapObject(word) else { continue }
                    roots.append(Met(address: word, parent: nil, step: "", depth: 0, root: (location, index)))
                }
            }
        }
        return roots
    }

    private func chain(to index: Int, in met: [Met]) -> [String] {
        var steps: [String] = []
        var current: Int? = index
        while let at = current {
            if let root = met[at].root {
                let image = images[root.image]
                steps.append(ImageSymbols.of(path: image.path, base: image.base)?.name(at: root.location) ?? Self.unnamed(image))
            } else {
                steps.append(met[at].step)
            }
            current = met[at].parent
        }
        return steps.reversed()
    }

    private static func unnamed(_ image: ImageData) -> String {
        "a global of \(image.path.split(separator: "/").last.map(String.init) ?? image.path)"
    }
}
