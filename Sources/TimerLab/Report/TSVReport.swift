import TimerLabHarness

/// Renders results as tab-separated values: a header line, then one line per scenario.
///
/// Booleans are `yes`/`no`; a fact that does not apply is `-`. Columns after `as_expected` may
/// grow in later versions; scripts should select columns by header name. The last two,
/// `fires_before` and `fires_after`, are deprecated copies of `ticks_before` and `ticks_after`
/// under their 0.1 names, kept for one release (gone in 0.3).
package enum TSVReport {
    /// The header columns, in order.
    package static let columns = [
        "scenario", "owner", "fired", "after_release", "ticks_before", "ticks_after", "expected_owner",
        "as_expected", "expected_fired", "expected_after_release", "freed_once_stopped", "family",
        "tick_target", "interval", "grace",
        // Deprecated: `ticks_before` and `ticks_after` under their 0.1 names, until 0.3.
        "fires_before", "fires_after",
        // Where the owner made a helper: its fate, observed and expected; `-` where it made none.
        "helper", "expected_helper",
    ]

    /// The table for `records`, ending in a newline.
    package static func render(_ records: [ScenarioObservation]) -> String {
        table(header: columns, rows: records.map(fields(of:)))
    }

    /// One observation's fields, in the order of `columns`.
    package static func fields(of observation: ScenarioObservation) -> [String] {
        [
            observation.scenario, observation.owner.rawValue, observation.fired.yesNo, observation.afterRelease.rawValue,
            String(observation.ticksBeforeRelease), String(observation.ticksAfterRelease), observation.expected.owner.rawValue,
            observation.asExpected.yesNo, observation.expected.fired.yesNo, observation.expected.afterRelease.rawValue,
            observation.freedOnceStopped.map(\.yesNo) ?? "-", observation.family.rawValue,
            String(observation.tickTarget), String(observation.interval), String(observation.grace),
            String(observation.ticksBeforeRelease), String(observation.ticksAfterRelease),
            observation.helper?.rawValue ?? "-", observation.expected.helper?.rawValue ?? "-",
        ]
    }

    /// A header line and one line per row, every field sanitized, ending in a newline.
    package static func table(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(sanitized).joined(separator: "\t") + "\n" }.joined()
    }

    /// A field with tabs and newlines replaced by spaces, so rows stay rows.
    static func sanitized(_ field: String) -> String {
        String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
