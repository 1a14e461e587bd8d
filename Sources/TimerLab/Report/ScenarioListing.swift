/// Renders the catalog (`timerlab list`): each scenario with its family, articles and expected outcome.
public enum ScenarioListing {
    /// One scenario as plain data.
    public struct Entry: Codable, Sendable, Equatable {
        public var scenario: String
        public var family: ScenarioFamily
        /// The articles' numbers, such as `000`; empty for a Linux finding or a Swift concurrency scenario.
        public var articles: [Article]
        /// The same articles cited by title and origin.
        public var sources: [Article.Citation]
        public var summary: String
        public var expected: ExpectedOutcome
    }

    /// The document `list --format json` prints.
    public struct Document: Codable, Sendable, Equatable {
        public var scenarios: [Entry]
    }

    /// The entries for `scenarios`.
    public static func entries(_ scenarios: [Scenario]) -> [Entry] {
        scenarios.map { scenario in
            Entry(
                scenario: scenario.name, family: scenario.family, articles: scenario.articles,
                sources: scenario.articles.map(\.citation), summary: scenario.summary,
                expected: ExpectedOutcome(scenario.expectation))
        }
    }

    /// An aligned table, with the platform whose expectation is shown named in the header.
    public static func text(_ scenarios: [Scenario], style: TextStyle = .plain) -> String {
        let header = ["SCENARIO", "FAMILY", "ARTICLES", "OWNER", "FIRED", "AFTER RELEASE", "SUMMARY"]
        let rows = entries(scenarios).map { entry -> [String] in
            var owner = entry.expected.owner.rawValue
            if let other = entry.expected.otherPlatform {
                owner += " (\(entry.expected.platform.other.displayName): \(other.owner.rawValue))"
            }
            return [
                entry.scenario, entry.family.rawValue, articleColumn(entry.articles, family: entry.family),
                owner, entry.expected.fired.yesNo, entry.expected.afterRelease.rawValue, entry.summary,
            ]
        }
        let widths = header.indices.dropLast().map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.dropLast().map { cells[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }
            return (padded + [cells.last!]).joined()
        }
        let title = "Expected outcomes on \(Platform.current.displayName) (owner after release, fired before it, timer after it):\n"
        return title + ([style.bold(line(header))] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// `{"scenarios": [...]}`.
    public static func json(_ scenarios: [Scenario]) -> String {
        JSONReport.encode(Document(scenarios: entries(scenarios)))
    }

    /// A header, then one line per scenario.
    public static func tsv(_ scenarios: [Scenario]) -> String {
        let header = ["scenario", "family", "articles", "expected_owner", "expected_fired", "expected_after_release", "platform", "summary"]
        let rows = entries(scenarios).map { entry in
            [
                entry.scenario, entry.family.rawValue, entry.articles.isEmpty ? "-" : entry.articles.map(\.rawValue).joined(separator: ","),
                entry.expected.owner.rawValue, entry.expected.fired.yesNo, entry.expected.afterRelease.rawValue,
                entry.expected.platform.rawValue, entry.summary,
            ]
        }
        return TSVReport.table(header: header, rows: rows)
    }

    /// `000 001`, or where a scenario no article describes comes from.
    static func articleColumn(_ articles: [Article], family: ScenarioFamily) -> String {
        articles.isEmpty ? family.originWithoutArticle : articles.map(\.rawValue).joined(separator: " ")
    }
}
