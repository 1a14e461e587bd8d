import TimerLabHarness

/// Renders the catalog (`timerlab list`): each scenario with its family, articles and expected outcome.
package enum ScenarioListing {
    /// One scenario as plain data.
    package struct Entry: Codable, Sendable, Equatable {
        package var scenario: String
        package var family: ScenarioFamily
        /// The articles' numbers, such as `000`; empty for a Linux finding or a Swift concurrency scenario.
        package var articles: [Article]
        /// The same articles cited by title and origin.
        package var sources: [Article.Citation]
        package var summary: String
        package var expected: ExpectedOutcome
        /// Why the owner leaks or is freed, as `explain` says it.
        package var why: String
        /// The fix, as `explain` says it.
        package var fix: String
        /// The leak-and-fix pairs the scenario is part of, each with what changes and the `diff`
        /// command that shows it; empty for a scenario with no pair.
        package var pairs: [FixPair]
    }

    /// The document `list --format json` prints.
    package struct Document: Codable, Sendable, Equatable {
        package var scenarios: [Entry]
    }

    /// The entries for `scenarios`.
    package static func entries(_ scenarios: [Scenario]) -> [Entry] {
        scenarios.map { scenario in
            Entry(
                scenario: scenario.name, family: scenario.family, articles: scenario.articles,
                sources: scenario.articles.map(\.citation), summary: scenario.summary,
                expected: ExpectedOutcome(scenario.expectation), why: scenario.explanation.why, fix: scenario.explanation.fix,
                pairs: Catalog.pairs(of: scenario.name))
        }
    }

    /// An aligned table, with the platform whose expectation is shown named in the header; on a
    /// terminal narrower than the table (`fitting` its columns), one block per scenario instead,
    /// every line within the width.
    package static func text(_ scenarios: [Scenario], style: TextStyle = .plain, fitting columns: Int? = nil) -> String {
        let title = "Expected outcomes on \(Platform.current.displayName) (owner after release, fired before it, timer after it):\n"
        let entries = entries(scenarios)
        let table = tableLines(entries, style: style)
        guard let columns, table.contains(where: { $0.count > columns }) else {
            return title + table.joined(separator: "\n") + "\n"
        }
        return WordWrap.lines(title.dropLast().description, width: columns).joined(separator: "\n") + "\n"
            + entries.map { block($0, style: style, columns: columns) }.joined()
    }

    private static func ownerColumn(_ entry: Entry) -> String {
        var owner = entry.expected.owner.rawValue
        if let other = entry.expected.otherPlatform {
            owner += " (\(entry.expected.platform.other.displayName): \(other.owner.rawValue))"
        }
        return owner
    }

    private static func tableLines(_ entries: [Entry], style: TextStyle) -> [String] {
        let header = ["SCENARIO", "FAMILY", "ARTICLES", "OWNER", "FIRED", "AFTER RELEASE", "FIXED BY", "SUMMARY"]
        let rows = entries.map { entry -> [String] in
            [
                entry.scenario, entry.family.rawValue, articleColumn(entry),
                ownerColumn(entry) + entry.expected.outcome.helperWords, entry.expected.fired.yesNo,
                entry.expected.afterRelease.rawValue, fixedBy(entry) ?? "-", entry.summary,
            ]
        }
        let widths = header.indices.dropLast().map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.dropLast().map { WordWrap.padded(cells[$0], to: widths[$0] + 2) }
            return (padded + [cells.last!]).joined()
        }
        return [style.bold(line(header))] + rows.map(line)
    }

    /// A scenario on lines of its own: name and expected outcome, then where it comes from and
    /// its summary, indented and wrapped.
    private static func block(_ entry: Entry, style: TextStyle, columns: Int) -> String {
        let outcome =
            "\(ownerColumn(entry)), \(entry.expected.outcome.firedWords), \(entry.expected.afterRelease.rawValue)"
            + entry.expected.outcome.helperWords
        let origin = "\(entry.family.rawValue); " + (entry.articles.isEmpty ? articleColumn(entry) : "articles " + articleColumn(entry))
        let indent = "    "
        let first = WordWrap.lines("\(entry.scenario)  \(outcome)", width: columns - indent.count, firstWidth: columns)
        let fix = fixedBy(entry).map { ["fixed by \($0): timerlab diff \(entry.scenario) \($0)"] } ?? []
        let rest = ([origin, entry.summary] + fix).flatMap { WordWrap.lines($0, width: columns - indent.count) }
        return "\n" + style.bold(first[0]) + "\n" + (first.dropFirst() + rest).map { indent + $0 + "\n" }.joined()
    }

    /// `{"scenarios": [...]}`.
    package static func json(_ scenarios: [Scenario]) -> String {
        JSONReport.encode(Document(scenarios: entries(scenarios)))
    }

    /// A header, then one line per scenario.
    package static func tsv(_ scenarios: [Scenario]) -> String {
        let header = [
            "scenario", "family", "articles", "expected_owner", "expected_fired", "expected_after_release", "platform", "summary",
            "fixed_by", "expected_helper",
        ]
        let rows = entries(scenarios).map { entry in
            [
                entry.scenario, entry.family.rawValue, entry.articles.isEmpty ? "-" : entry.articles.map(\.rawValue).joined(separator: ","),
                entry.expected.owner.rawValue, entry.expected.fired.yesNo, entry.expected.afterRelease.rawValue,
                entry.expected.platform.rawValue, entry.summary, fixedBy(entry) ?? "-", entry.expected.helper?.rawValue ?? "-",
            ]
        }
        return TSVReport.table(header: header, rows: rows)
    }

    /// The scenario that fixes this one, if it has a problem a pair fixes.
    static func fixedBy(_ entry: Entry) -> String? {
        entry.pairs.first { $0.leak == entry.scenario }?.fix
    }

    /// `000 001`, or where a scenario no article describes comes from.
    static func articleColumn(_ entry: Entry) -> String {
        guard entry.articles.isEmpty else { return entry.articles.map(\.rawValue).joined(separator: " ") }
        return entry.family.originWithoutArticle(platformSpecific: entry.expected.otherPlatform != nil).rawValue
    }
}
