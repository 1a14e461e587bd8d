import Foundation
import Synchronization
import TimerLabHarness

/// The data symbols of a loaded image, read from its file's symbol table (the ELF format, as
/// `<elf.h>` describes it): what names a global or a static whose storage holds an object.
///
/// Why the file and not `dladdr`: an executable exports its symbols to the dynamic linker only
/// when linked with `--export-dynamic`, and a static's storage is a local symbol; the file's own
/// `.symtab` names every one (`.dynsym` where the file was stripped).
struct ImageSymbols: Sendable {
    /// One data symbol as the table lays it out: where it starts in the image's addresses, its
    /// size, and where its mangled name starts in the string table.
    struct Symbol: Sendable {
        let value: UInt
        let size: UInt
        let name: Int
    }

    /// Its Swift variables' storage, by start, each with its mangled name: all a root is named
    /// by (the string table, megabytes in a large test binary, is not kept).
    private let symbols: [(symbol: Symbol, mangled: String)]
    /// What to add to a symbol's value to find it in this process.
    private let bias: UInt

    private static let cache = Mutex<[String: ImageSymbols?]>([:])

    /// The symbols of the image at `path`, loaded at `base` (its first mapping's start), read once per process.
    /// Read under the cache's lock: checks that begin together wait for one read, not make one each.
    static func of(path: String, base: UInt) -> ImageSymbols? {
        cache.withLock { cache in
            if let known = cache[path] { return known }
            let read = ELFFile(path: path).flatMap { ImageSymbols(file: $0, base: base) }
            cache[path] = .some(read)
            return read
        }
    }

    private init?(file: ELFFile, base: UInt) {
        guard let lowest = file.lowestLoadAddress else { return nil }
        bias = base &- lowest
        let table = file.dataSymbols()
        // Only the Swift variables' storage: what a root can be, and all a root is named by.
        let kept = table.symbols.filter {
            $0.size > 0 && Self.isVariable($0.name, in: table.names) && !Self.isCheckers($0.name, in: table.names)
        }
        symbols = kept.sorted { $0.value < $1.value }.map { ($0, Self.name(at: $0.name, in: table.names)) }
        guard !symbols.isEmpty else { return nil }
        let bias = self.bias
        variables = symbols.map { ($0.symbol.value &+ bias, min($0.symbol.size, 4096)) }
    }

    /// The storage of the image's Swift globals and statics (mangled names ending `vp`, or `vpZ`
    /// for a static: a variable's storage, as swiftlang/swift's docs/ABI/Mangling.rst spells it),
    /// where each lies in this process and how many bytes it spans (at most 4 KB); told once, when read.
    let variables: [(address: UInt, size: UInt)]

    /// Whether the name at `offset` in the string table is a Swift variable's storage.
    /// The mangled prefixes of the check's own modules: their globals (caches, the catalog)
    /// keep nothing of a user's, and are no roots.
    private static let checkersModules: [[UInt8]] = ["$s15TimerLabHarness", "$s15TimerLabTesting", "$s14TimerLabXCTest", "$s8TimerLab"]
        .map { Array($0.utf8) }

    /// Whether the name at `offset` is a variable of the check's own modules.
    private static func isCheckers(_ offset: Int, in names: [UInt8]) -> Bool {
        checkersModules.contains { prefix in
            offset + prefix.count <= names.count && names[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
    }

    /// The NUL-terminated name at `offset` of a string table.
    private static func name(at offset: Int, in names: [UInt8]) -> String {
        let end = names[offset...].firstIndex(of: 0) ?? names.endIndex
        return String(decoding: names[offset..<end], as: UTF8.self)
    }

    private static func isVariable(_ offset: Int, in names: [UInt8]) -> Bool {
        names.withUnsafeBufferPointer { bytes in
            // "$s", then the name, ending "vp" or "vpZ".
            guard offset + 4 < bytes.count, bytes[offset] == 0x24, bytes[offset + 1] == 0x73 else { return false }
            var end = offset + 2
            while end < bytes.count, bytes[end] != 0 { end += 1 }
            if bytes[end - 1] == 0x5A { end -= 1 }  // "Z"
            return end - offset > 4 && bytes[end - 2] == 0x76 && bytes[end - 1] == 0x70  // "vp"
        }
    }

    /// The symbol whose storage holds `address`, as its source spells it (`Registry.shared`); `nil` if none does.
    func name(at address: UInt) -> String? {
        let value = address &- bias
        var low = 0
        var high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].symbol.value <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let symbol = symbols[low - 1]
        guard value < symbol.symbol.value &+ max(symbol.symbol.size, 8) else { return nil }
        return Self.spelled(symbol.mangled)
    }

    /// A symbol as Swift source spells it: `static M.Registry.shared : M.Registry` reads
    /// `Registry.shared`; a C symbol as it is.
    static func spelled(_ mangled: String) -> String {
        guard let demangled = SystemSeam.demangle(mangled) else { return mangled }
        var text = Substring(demangled)
        if let colon = text.range(of: " : ") { text = text[..<colon.lowerBound] }
        for prefix in ["static ", "variable initialization expression of ", "lazy "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        // A `private` declaration's name carries its file's discriminator: `(entries in _56970DE7…)`.
        var spelled = String(text)
        while let open = spelled.range(of: "("), let inside = spelled.range(of: " in _", range: open.upperBound..<spelled.endIndex),
            let close = spelled.range(of: ")", range: inside.upperBound..<spelled.endIndex)
        {
            spelled.replaceSubrange(open.lowerBound..<close.upperBound, with: spelled[open.upperBound..<inside.lowerBound])
        }
        text = Substring(spelled)
        // The module's name, which every global's spelling begins with.
        if let dot = text.firstIndex(of: "."), text[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            text = text[text.index(after: dot)...]
        }
        return String(text)
    }
}

/// An ELF file's section and program headers, read from the file with seeks: never all of it.
private struct ELFFile {
    let handle: FileHandle
    let sections: [(type: UInt32, offset: UInt64, size: UInt64, link: UInt32, entrySize: UInt64)]
    let lowestLoadAddress: UInt?

    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path), let header = Self.read(handle, at: 0, count: 64),
            header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2
        else { return nil }
        self.handle = handle
        let sectionsAt = header.uint64(0x28)
        let sectionSize = UInt64(header.uint16(0x3A))
        let sectionCount = Int(header.uint16(0x3C))
        let programsAt = header.uint64(0x20)
        let programSize = UInt64(header.uint16(0x36))
        let programCount = Int(header.uint16(0x38))
        guard sectionCount > 0, sectionCount < 65_536, sectionSize >= 64,
            let table = Self.read(handle, at: sectionsAt, count: Int(sectionSize) * sectionCount)
        else { return nil }
        sections = (0..<sectionCount).map { index in
            let entry = Int(sectionSize) * index
            return (
                table.uint32(entry + 4), table.uint64(entry + 24), table.uint64(entry + 32), table.uint32(entry + 40),
                table.uint64(entry + 56)
            )
        }
        let programs = Self.read(handle, at: programsAt, count: Int(programSize) * programCount) ?? []
        // The lowest virtual address a PT_LOAD segment asks for: where the image's first mapping begins.
        lowestLoadAddress = (0..<programCount).compactMap { index -> UInt? in
            let entry = Int(programSize) * index
            guard programs.count >= entry + 24, programs.uint32(entry) == 1 else { return nil }
            return UInt(programs.uint64(entry + 16) & ~0xFFF)
        }.min()
    }

    /// Its data objects (`STT_OBJECT`) from `.symtab`, or from `.dynsym` where it has none.
    func dataSymbols() -> (symbols: [ImageSymbols.Symbol], names: [UInt8]) {
        let table = sections.firstIndex { $0.type == 2 } ?? sections.firstIndex { $0.type == 11 }
        guard let table, sections[table].entrySize == 24, Int(sections[table].link) < sections.count,
            sections[table].size < 256 << 20,
            let symbols = Self.read(handle, at: sections[table].offset, count: Int(sections[table].size))
        else { return ([], []) }
        let strings = sections[Int(sections[table].link)]
        guard strings.size < 512 << 20, let names = Self.read(handle, at: strings.offset, count: Int(strings.size)) else { return ([], []) }
        let found = stride(from: 0, to: symbols.count - 23, by: 24).compactMap { entry -> ImageSymbols.Symbol? in
            guard symbols[entry + 4] & 0xF == 1, symbols.uint64(entry + 8) != 0, Int(symbols.uint32(entry)) < names.count else {
                return nil
            }
            return ImageSymbols.Symbol(
                value: UInt(symbols.uint64(entry + 8)), size: UInt(symbols.uint64(entry + 16)), name: Int(symbols.uint32(entry)))
        }
        return (found, names)
    }

    private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count > 0, (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count
        else { return nil }
        return [UInt8](data)
    }
}

extension [UInt8] {
    fileprivate func uint16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    fileprivate func uint32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(self[at + $1]) << (8 * $1) } }
    fileprivate func uint64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(self[at + $1]) << (8 * $1) } }
}
