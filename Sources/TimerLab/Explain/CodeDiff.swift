import TimerLabHarness

/// The lines that differ between two owners' code, with a little context: what one line changes.
package struct CodeDiff: Sendable, Equatable, Codable {
    /// One line of the diff.
    package struct Line: Sendable, Equatable, Codable {
        /// `-` only in the first, `+` only in the second, ` ` in both (context).
        package var op: String
        /// The code.
        package var text: String
        /// Its number in its file (the first's for `-` and context, the second's for `+`).
        package var number: Int
        /// Whether it is one of the lines that decide its scenario's outcome.
        package var decides: Bool
        /// For context: its statement's line in the second file (a statement re-wrapped there
        /// maps its extra lines to its last); `nil` for `-` and `+`.
        package var secondNumber: Int? = nil
    }

    /// Consecutive lines, changes with their context; hunks are separated by unchanged code.
    package var hunks: [[Line]]

    /// The diff of `first` and `second`, with `context` unchanged lines around each change.
    package init(_ first: OwnerCode, _ second: OwnerCode, context: Int = 1) {
        let all = Self.lines(first.lines, second.lines)
        let changed = all.indices.filter { all[$0].op != " " }
        var keep = Set<Int>()
        for index in changed {
            keep.formUnion(max(0, index - context)...min(all.count - 1, index + context))
        }
        var hunks: [[Line]] = []
        var previous: Int?
        for index in keep.sorted() {
            if let previous, previous == index - 1 {
                hunks[hunks.count - 1].append(all[index])
            } else {
                hunks.append([all[index]])
            }
            previous = index
        }
        self.hunks = hunks
    }

    /// The unified-diff header of `hunk`: `@@ -a,b +c,d @@`, each side's first line and count.
    package static func header(_ hunk: [Line]) -> String {
        let first = hunk.filter { $0.op != "+" }.map(\.number)
        let second = hunk.compactMap { $0.op == "+" ? $0.number : $0.secondNumber }
        func range(_ numbers: [Int]) -> String {
            guard let low = numbers.min(), let high = numbers.max() else { return "0,0" }
            return "\(low),\(high - low + 1)"
        }
        return "@@ -\(range(first)) +\(range(second)) @@"
    }

    /// Whether a line that decides either outcome is among the changes.
    package var changesADecidingLine: Bool {
        hunks.joined().contains { $0.op != " " && $0.decides }
    }

    /// Every line of both, in order, by the longest common subsequence of their statements.
    ///
    /// Statements are compared, not lines, ignoring line breaks, indentation, blank lines and
    /// each file's own class name: two owners whose class names differ in length wrap the same
    /// call differently, and that is no change. A statement in both is shown once, as the first
    /// has it; one in only one of them is shown whole, as `-` or `+`.
    private static func lines(_ a: [OwnerCode.Line], _ b: [OwnerCode.Line]) -> [Line] {
        let (first, second) = (Statement.split(a), Statement.split(b))
        var common = Array(repeating: Array(repeating: 0, count: second.count + 1), count: first.count + 1)
        for i in stride(from: first.count - 1, through: 0, by: -1) {
            for j in stride(from: second.count - 1, through: 0, by: -1) {
                common[i][j] =
                    first[i].key == second[j].key ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var (i, j, result) = (0, 0, [Line]())
        while i < first.count || j < second.count {
            if i < first.count, j < second.count, first[i].key == second[j].key {
                let decides = first[i].decides || second[j].decides
                let seconds = second[j].lines.map(\.number)
                result += first[i].lines.enumerated().map { index, line in
                    Line(
                        op: " ", text: line.text, number: line.number, decides: line.decides || decides,
                        secondNumber: seconds[min(index, seconds.count - 1)])
                }
                (i, j) = (i + 1, j + 1)
            } else if i < first.count, j == second.count || common[i + 1][j] >= common[i][j + 1] {
                // The first's statement goes first, as diff(1) writes a change: '-' then '+'.
                result += first[i].lines.map { Line(op: "-", text: $0.text, number: $0.number, decides: $0.decides) }
                i += 1
            } else {
                result += second[j].lines.map { Line(op: "+", text: $0.text, number: $0.number, decides: $0.decides) }
                j += 1
            }
        }
        return result
    }
}
