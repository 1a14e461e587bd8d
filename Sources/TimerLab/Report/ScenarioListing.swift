/// Renders the catalog (`timerlab list`): each scenario with its family, articles and expected outcome.
public enum ScenarioListing {
    /// One scenario as plain data.
    public struct Entry: Codable, Sendable, Equatable {
        public var scenario: String
        public var family: String
        public var articles: [String]
        public var summary: String
        public var expected: RunRecord.Expected
    }

    /// The entries for `scenarios`.
    public static func entries(_ scenarios: [Scenario]) -> [Entry] {
        scenarios.map { scenario in
            Entry(
                scenario: scenario.name, family: scenario.family.rawValue,
                articles: scenario.articles.map(\.rawValue), summary: scenario.summary,
                expected: RunRecord.Expected(scenario.expectation))
        }
    }

    /// An aligned table, with the platform whose expectation is shown named in the header.
    public static func text(_ scenarios: [Scenario], style: TextStyle = .plain) -> String {
        let header = ["SCENARIO", "FAMILY", "ARTICLES", "OWNER", "FIRED", "AFTER RELEASE", "SUMMARY"]
        let rows = entries(scenarios).map { entry -> [String] in
            var owner = entry.expected.owner
            if let other = entry.expected.otherPlatform {
                owner += " (\(Platform.current.other.rawValue): \(other.owner))"
            }
            return [
                entry.scenario, entry.family,
                entry.articles.isEmpty ? "Linux finding" : entry.articles.joined(separator: " "),
                owner, entry.expected.fired.yesNo, entry.expected.afterRelease, entry.summary,
            ]
        }
        let widths = header.indices.dropLast().map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.indices.dropLast().map { cells[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }
            return (padded + [cells.last!]).joined()
        }
        let title = "Expected outcomes on \(Platform.current.rawValue) (owner after release, fired before it, timer after it):\n"
        return title + ([style.bold(line(header))] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// `{"scenarios": [...]}`.
    public static func json(_ scenarios: [Scenario]) -> String {
        struct Document: Encodable { let scenarios: [Entry] }
        return JSONReport.encode(Document(scenarios: entries(scenarios)))
    }

    /// A header, then one line per scenario.
    public static func tsv(_ scenarios: [Scenario]) -> String {
        let header = ["scenario", "family", "articles", "expected_owner", "expected_fired", "expected_after_release", "platform", "summary"]
        let rows = entries(scenarios).map { entry in
            [
                entry.scenario, entry.family, entry.articles.joined(separator: ","), entry.expected.owner,
                entry.expected.fired.yesNo, entry.expected.afterRelease, entry.expected.platform, entry.summary,
            ]
        }
        return TSVReport.table(header: header, rows: rows)
    }
}
