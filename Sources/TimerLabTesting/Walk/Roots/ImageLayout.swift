import Synchronization
import TimerLabHarness

/// Where the loaded images lie: the program's own images' data (the roots' storage), every
/// file's mappings (where no object of the heap is), and the program's own (where its classes are).
///
/// Why kept: reading `/proc/self/maps` cost a search most of its time in a test process, whose
/// hundreds of threads each add mappings and whose allocations hold the kernel's lock on them
/// (0.4 s a read, 1.1 s at most, in the suite's 81 searches on two loaded cores). What a search
/// needs of it changes only when an image is loaded or unloaded (`SystemSeam.imageGeneration`):
/// it is read again then, and never kept where that count cannot be told. The heap's own
/// mappings are not kept: they change all the time (a new arena, a large allocation), and a
/// word that points nowhere costs one read of its page, which fails (`SystemSeam.withPageCache`).
struct ImageLayout: Sendable {
    let images: [RootSearch.ImageData]
    let files: [(start: UInt, end: UInt)]
    let program: [(start: UInt, end: UInt)]

    private static let known = Mutex<(generation: UInt64, layout: ImageLayout)?>(nil)

    /// The layout now: the one kept while no image was loaded or unloaded since it was read;
    /// `nil` where the mappings cannot be read. Read under the lock: searches that begin
    /// together wait for one read, not make one each.
    static func current() -> ImageLayout? {
        let generation = SystemSeam.imageGeneration()
        return known.withLock { known in
            if let generation, let kept = known, kept.generation == generation { return kept.layout }
            let mappings = SystemSeam.mappings()
            guard !mappings.isEmpty else { return nil }
            let layout = ImageLayout(mappings)
            known = generation.map { ($0, layout) }
            return layout
        }
    }

    init(_ mappings: [SystemSeam.Mapping]) {
        images = Self.data(mappings)
        files = mappings.filter { $0.path.hasPrefix("/") }.map { (start: $0.start, end: $0.end) }.sorted { $0.start < $1.start }
        program = mappings.filter { $0.path.hasPrefix("/") && ProgramImages.isProgram($0.path) }.map { (start: $0.start, end: $0.end) }
            .sorted { $0.start < $1.start }
    }

    /// The program's own images' data: each one's private writable mappings, and the anonymous
    /// one right after them (the rest of its `.bss`).
    static func data(_ mappings: [SystemSeam.Mapping]) -> [RootSearch.ImageData] {
        var bases: [String: UInt] = [:]
        for mapping in mappings where mapping.path.hasPrefix("/") && bases[mapping.path] == nil { bases[mapping.path] = mapping.start }
        var images: [RootSearch.ImageData] = []
        var previous: SystemSeam.Mapping?
        for mapping in mappings {
            defer { previous = mapping }
            guard mapping.privateWritable, !mapping.path.hasPrefix("[v") else { continue }
            let file =
                mapping.path.hasPrefix("/") ? mapping.path : (mapping.path.isEmpty && previous?.end == mapping.start ? previous?.path : nil)
            if let file, file.hasPrefix("/"), let base = bases[file], ProgramImages.isProgram(file) {
                images.append(RootSearch.ImageData(start: mapping.start, end: mapping.end, path: file, base: base))
            }
        }
        return images
    }
}
