import TimerLabHarness

/// Renders a bench report as TSV: one row per figure, and one row of `-` for a series cut before
/// its first figure, so a series never vanishes.
package enum BenchTSV {
    package static let columns = ["measurement", "mechanism", "k", "value", "secondary", "tertiary", "unit", "cut"]

    package static func render(_ report: BenchReport) -> String {
        let rows = report.measurements.flatMap { measurement in
            measurement.series.flatMap { series in
                guard !series.points.isEmpty else {
                    return [[measurement.kind.rawValue, series.label, "-", "-", "-", "-", measurement.unit, series.cut ?? "-"]]
                }
                return series.points.map { point in
                    [
                        measurement.kind.rawValue, series.label, String(point.k), String(point.value),
                        point.secondary.map { String($0) } ?? "-", point.tertiary.map { String($0) } ?? "-",
                        measurement.unit, series.cut ?? "-",
                    ]
                }
            }
        }
        return TSVReport.table(header: columns, rows: rows)
    }
}
