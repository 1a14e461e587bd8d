import TimerLabHarness

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
        runs(holders, path: \.path, alike: { row("\u{0}", 1)($0) }).map { row($0.shown, $0.count)($0.first) }
    }

    /// Paths collapsed the same way: `sources[0…2999]` for 3,000 consecutive elements.
    static func paths(_ paths: [String]) -> [String] {
        runs(paths, path: { $0 }, alike: { _ in "" }).map(\.shown)
    }

    /// `items` in runs: consecutive elements of one collection that are `alike` make one run,
    /// shown as `base[first…last]`; any other item is a run of one, shown as its path.
    private static func runs<Item>(_ items: [Item], path: (Item) -> String, alike: (Item) -> String)
        -> [(first: Item, shown: String, count: Int)]
    {
        var runs: [(first: Item, base: String?, key: String, from: String, to: String, count: Int)] = []
        for item in items {
            let (base, key, index) = (Culprit.collection(of: path(item)), alike(item), self.index(of: path(item)))
            if let last = runs.last, let base, last.base == base, last.key == key {
                runs[runs.count - 1].to = index
                runs[runs.count - 1].count += 1
            } else {
                runs.append((item, base, key, index, index, 1))
            }
        }
        return runs.map { run in
            guard run.count > 1, let base = run.base else { return (run.first, path(run.first), 1) }
            return (run.first, "\(base)[\(run.from)…\(run.to)]", run.count)
        }
    }

    /// `12` for `sources[12]`.
    private static func index(of path: String) -> String {
        guard let open = path.lastIndex(of: "[") else { return path }
        return String(path[path.index(after: open)..<path.index(before: path.endIndex)])
    }
}
