import Foundation
import TimerLabHarness

/// Finds what keeps an object from outside the objects it owns: the shortest chain of strong
/// references from a global or a static to it, read from a still copy of the process
/// (`SystemSeam.withStillCopy`), as LeakCanary's heap analysis names the path from a root.
///
/// How: the object's address is searched for in every private writable mapping of the copy, one
/// level at a time (breadth first, so the first root met ends the shortest chain). A word found
/// in an image's data (its `.data` and `.bss`) is a global's storage: a root, named from the
/// image's symbol table. A word found elsewhere is believed only inside a live Swift object that
/// covers it: the nearest header below it whose class is believed (`TrustedType`) with a count
/// not deinitializing, and whose instance (or, for an array's or a dictionary's storage, its
/// elements) reaches that far; that object is searched for next. A stale copy of the address (in
/// freed memory, a dead stack slot, a removed element) lies in no such object, and leads nowhere.
/// An object of the checked object's own tree (`own`) is not searched past: a chain through one
/// of its own holders is the object's own doing, which the proof by stopping tells.
///
/// Why a still copy: the program's threads go on replacing what they keep while the search reads
/// it; the copy's words never change, so a chain read from it was there, all of it at once. The
/// child that holds the copy runs nothing, and nothing here takes a reference or runs user code.
struct RootSearch {
    /// What the search found.
    enum Outcome: Equatable {
        /// The chain, spelled as Swift code reaches it: the global first (`Registry.shared`), then
        /// each step (`items[0]`), ending at the object.
        case held([String])
        /// No chain from a global: nothing outside holds it, or what does is not a Swift object.
        case none
        /// The search did not run or did not end: why.
        case notRead(String)
    }

    /// How many objects deep a chain may be.
    static let levelLimit = 12
    /// The largest mapping read: a sanitizer's shadow memory is terabytes of reservations.
    static let mappingLimit: UInt = 1 << 31
    /// How far below a reference its object's header is looked for.
    static let headerWindow = 64 * 1024

    private let regions: [Region]
    private let own: Set<UInt>
    private let deadline: ContinuousClock.Instant

    /// A mapping to read, and the image whose data it is (its path and load address), if any.
    struct Region {
        let start: UInt
        let end: UInt
        let image: (path: String, base: UInt)?
    }

    /// Searches for `target` within `limit`, not past the objects at `own`.
    static func search(for target: UInt, own: Set<UInt>, limit: Duration = .seconds(2)) -> Outcome {
        let search = RootSearch(regions: regions(SystemSeam.mappings()), own: own, deadline: .now + limit)
        guard !search.regions.isEmpty else { return .notRead("this process's mappings cannot be read") }
        return SystemSeam.withStillCopy { search.run(from: target) } ?? .notRead("no still copy of the process could be made")
    }

    /// The private writable mappings, each with its image: a file-backed one is its file's data;
    /// an anonymous one right after it is the rest of that image's `.bss`.
    static func regions(_ mappings: [SystemSeam.Mapping]) -> [Region] {
        var bases: [String: UInt] = [:]
        for mapping in mappings where !mapping.path.isEmpty && mapping.offset == 0 && bases[mapping.path] == nil {
            bases[mapping.path] = mapping.start
        }
        var regions: [Region] = []
        var previous: SystemSeam.Mapping?
        for mapping in mappings {
            defer { previous = mapping }
            guard mapping.privateWritable, mapping.end - mapping.start <= mappingLimit, !mapping.path.hasPrefix("[v") else { continue }
            let file = mapping.path.hasPrefix("/") ? mapping.path : (mapping.path.isEmpty && previous?.end == mapping.start ? previous?.path : nil)
            let image = file.flatMap { path in bases[path].map { (path: path, base: $0) } }
            for run in SystemSeam.residentRuns(from: mapping.start, to: mapping.end) {
                regions.append(Region(start: run.start, end: run.end, image: image))
            }
        }
        return regions
    }

    /// One reference the search followed: where it lies, inside which object (`nil`: a global), and what it refers to.
    private struct Step: StepLike {
        let location: UInt
        let container: UInt?
        let referent: UInt
    }

    private func run(from target: UInt) -> Outcome {
        var frontier: Set<UInt> = [target]
        var visited: Set<UInt> = [target]
        // For each object met, the reference by which it refers to the one below it on the way to `target`.
        var below: [UInt: Step] = [:]
        for _ in 0..<Self.levelLimit where !frontier.isEmpty {
            guard let hits = scan(for: frontier) else { return .notRead("the search ran past its time limit") }
            var next: Set<UInt> = []
            for (location, referent, region) in hits {
                if let image = region.image {
                    return .held(PathSpelling(below: below).spell(root: location, image: image, first: referent, target: target))
                }
                guard let container = HeapObjects.container(of: location, referent: referent), !own.contains(container),
                    visited.insert(container).inserted
                else { continue }
                below[container] = Step(location: location, container: container, referent: referent)
                next.insert(container)
            }
            frontier = next
        }
        return .none
    }

    /// Every word of every region that holds one of `targets`, the images' data first (a root
    /// ends the search); `nil` once the deadline passed.
    private func scan(for targets: Set<UInt>) -> [(location: UInt, referent: UInt, region: Region)]? {
        guard let low = targets.min(), let high = targets.max() else { return [] }
        var hits: [(location: UInt, referent: UInt, region: Region)] = []
        let chunk = 1 << 20
        for region in regions.sorted(by: { ($0.image == nil ? 1 : 0) < ($1.image == nil ? 1 : 0) }) {
            var address = region.start
            while address < region.end {
                guard ContinuousClock.now < deadline else { return nil }
                let count = Int(min(UInt(chunk), region.end - address))
                if let bytes = SystemSeam.readBytes(at: address, count: count) {
                    bytes.withUnsafeBytes { raw in
                        for index in 0..<(count / 8) {
                            let word = raw.load(fromByteOffset: index * 8, as: UInt.self)
                            if word >= low, word <= high, targets.contains(word) {
                                hits.append((address + UInt(index * 8), word, region))
                            }
                        }
                    }
                }
                address += UInt(count)
            }
        }
        return hits
    }
}
