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
                expected: ExpectedOutcome(scenario.expectation))
        }
    }

    /// An aligned table, with the platform whose expectation is shown named in the header.
    package static func text(_ scenarios: [Scenario], style: TextStyle = .plain) -> String {
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
    package static func json(_ scenarios: [Scenario]) -> String {
        JSONReport.encode(Document(scenarios: entries(scenarios)))
    }

    /// A header, then one line per scenario.
    package static func tsv(_ scenarios: [Scenario]) -> String {
        let header = [
            "scenario", "family", "articles", "expected_owner", "expected_fired", "expected_after_release", "platform", "summary",
        ]
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
