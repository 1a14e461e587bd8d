import TimerLabHarness

/// Finds the closest known name to a mistyped one.
enum Suggestion {
    /// The candidate nearest to `input` by edit distance, if it is near enough to be a typo.
    static func closest(to input: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(input.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let tolerance = max(2, min(input.count, best.0.count) / 3)
        if best.1 <= tolerance { return best.0 }
        // A prefix or a fragment of a long name ("strong", "autoinvalidate") is also a fair guess.
        if input.count >= 3, let containing = candidates.first(where: { $0.contains(input.lowercased()) }) {
            return containing
        }
        return nil
    }

    /// `; did you mean 'x'?` when `input` looks like a typo of a candidate, else `otherwise`, by
    /// default ` (choose from a, b, c)`: the tail of every "unknown ..." and "not a valid ..."
    /// error, worded here only. `spelled` writes a candidate as the user would type it (`--ticks`).
    static func hint(
        for input: String, in candidates: [String], spelled: (String) -> String = { $0 }, otherwise: String? = nil
    ) -> String {
        closest(to: input, in: candidates).map { "; did you mean '\(spelled($0))'?" }
            ?? otherwise ?? " (choose from \(candidates.map(spelled).joined(separator: ", ")))"
    }

    /// The Levenshtein distance between two strings.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
