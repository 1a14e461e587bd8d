/// The timer, source or task whose stop freed a leaked owner, and where the owner kept it.
package struct Culprit: Sendable, Equatable, Codable {
    /// The property path: `ticker.source`, `timers["utc"]`.
    package var path: String
    /// What it was.
    package var kind: ObjectKind
    /// When it was one of many of one kind in one collection, stopped together (`sources[0]` …
    /// `sources[2999]`): every path stopped with it, in order. Empty for a holder stopped alone.
    package var group: [String] = []

    /// How many holders of one kind in one collection are still stopped one at a time: more are
    /// stopped together, so that an object keeping 3,000 sources costs one wait, not 3,000.
    package static let groupAbove = 8

    /// `sources` for `sources[12]`: the collection an element's path names; `nil` for any other
    /// path (a dictionary's `timers["utc"]` too: its keys are no run).
    package static func collection(of path: String?) -> String? {
        guard let path, path.hasSuffix("]"), let open = path.lastIndex(of: "[") else { return nil }
        let index = path[path.index(after: open)..<path.index(before: path.endIndex)]
        return !index.isEmpty && index.allSatisfy(\.isNumber) ? String(path[..<open]) : nil
    }
}
