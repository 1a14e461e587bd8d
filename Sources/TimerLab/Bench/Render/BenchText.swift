import Foundation
import TimerLabHarness

/// Renders a bench report for people: one table per measurement, a column per size.
package enum BenchText {
    package static func render(_ report: BenchReport) -> String {
        var text = "timerlab bench, \(report.date): \(report.machine.summary)\n"
        for measurement in report.measurements {
            text += "\n\(measurement.kind.rawValue.uppercased()): \(measurement.unit)\n"
            let sizes = Array(Set(measurement.series.flatMap { $0.points.map(\.k) })).sorted()
            let header = ["MECHANISM"] + sizes.map { "K=\($0)" }
            let rows = measurement.series.map { series -> [String] in
                [series.label]
                    + sizes.map { k in
                        guard let point = series.points.first(where: { $0.k == k }) else {
                            return series.cut == nil ? "-" : "cut"
                        }
                        return cell(point, measurement.kind)
                    }
            }
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
            for row in [header] + rows {
                text +=
                    row.indices.map { WordWrap.padded(row[$0], to: widths[$0] + 2) }
                    .joined().trimmingCharacters(in: .whitespaces) + "\n"
            }
            for series in measurement.series {
                if let cut = series.cut { text += "  \(series.label): \(cut)\n" }
            }
        }
        return text
    }

    /// One figure, with its second and third where the measurement has them.
    static func cell(_ point: Point, _ kind: BenchKind) -> String {
        switch kind {
        case .memory:
            return "\(marginal(point.value)) B" + (point.secondary.map { " (+\(marginal($0)))" } ?? "")
        case .stop:
            return "\(number(point.value)) µs"
        case .cpu:
            return "\(number(point.value))%" + (point.secondary.map { " (\(number($0))% of ticks)" } ?? "")
        case .accuracy:
            return "\(number(point.value))/\(number(point.secondary ?? 0))/\(number(point.tertiary ?? 0)) ms"
        }
    }

    /// Bytes per owner, an average or the marginal between two sizes. Below one byte (or below
    /// zero, which the allocator's own bookkeeping between two reads, or against the control of
    /// bare owners, can give) it is noise, not a cost: `~0`. JSON and TSV keep the figure as read.
    static func marginal(_ bytes: Double) -> String {
        bytes < 1 ? "~0" : number(bytes)
    }

    /// Three significant figures, without exponent.
    static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 || value == value.rounded() && magnitude < 1e15 { return String(Int(value.rounded())) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }
}
