/// Renders a bench report as TSV: one row per figure.
public enum BenchTSV {
    public static let columns = ["measurement", "mechanism", "k", "value", "secondary", "tertiary", "unit", "cut"]

    public static func render(_ report: BenchReport) -> String {
        let rows = report.measurements.flatMap { measurement in
            measurement.series.flatMap { series in
                series.points.map { point in
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
