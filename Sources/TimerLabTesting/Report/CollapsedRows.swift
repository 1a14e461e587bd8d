/// Rows of a report with runs of like holders made one: consecutive elements of one collection
/// (`sources[0]`, `sources[1]`…) whose rows read the same but for the path become one row,
/// `sources[0…2999]`, with how many there are. A report of an object that keeps 3,000 sources
/// has one holder row, not 3,000.
enum CollapsedRows {
    /// The rows `row` writes for `holders`, runs collapsed. `row` is given the path to show and
    /// how many holders the row stands for (1, or the run's length).
    static func rows(_ holders: [LifetimeReport.Holder], _ row: (_ path: String, _ count: Int) -> (LifetimeReport.Holder) -> String)
        -> [String]
    {
        var runs: [(base: String?, first: String, last: String, count: Int, holder: LifetimeReport.Holder, key: String)] = []
        for holder in holders {
            let base = collection(of: holder.path)
            let key = row("\u{0}", 1)(holder)
            if let last = runs.last, let base, last.base == base, last.key == key {
                runs[runs.count - 1].last = index(of: holder.path)
                runs[runs.count - 1].count += 1
            } else {
                runs.append((base, index(of: holder.path), index(of: holder.path), 1, holder, key))
            }
        }
        return runs.map { run in
            guard run.count > 1, let base = run.base else { return row(run.holder.path, 1)(run.holder) }
            return row("\(base)[\(run.first)…\(run.last)]", run.count)(run.holder)
        }
    }

    /// Paths collapsed the same way: `sources[0…2999]` for 3,000 consecutive elements.
    static func paths(_ paths: [String]) -> [String] {
        var runs: [(base: String?, path: String, first: String, last: String, count: Int)] = []
        for path in paths {
            let base = collection(of: path)
            if let last = runs.last, let base, last.base == base {
                runs[runs.count - 1].last = index(of: path)
                runs[runs.count - 1].count += 1
            } else {
                runs.append((base, path, index(of: path), index(of: path), 1))
            }
        }
        return runs.map { $0.count > 1 ? "\($0.base ?? "")[\($0.first)…\($0.last)]" : $0.path }
    }

    /// `sources` for `sources[12]`; `nil` for a path that is no numbered element.
    private static func collection(of path: String) -> String? {
        guard path.hasSuffix("]"), let open = path.lastIndex(of: "[") else { return nil }
        let index = path[path.index(after: open)..<path.index(before: path.endIndex)]
        return !index.isEmpty && index.allSatisfy(\.isNumber) ? String(path[..<open]) : nil
    }

    /// `12` for `sources[12]`.
    private static func index(of path: String) -> String {
        guard let open = path.lastIndex(of: "[") else { return path }
        return String(path[path.index(after: open)..<path.index(before: path.endIndex)])
    }
}
