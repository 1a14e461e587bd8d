import Foundation
import TimerLabHarness

/// Draws each measurement as a chart: K across and the figure up, both on log scales, a line and
/// a marker shape per mechanism, labelled axes and a legend; the figures are printed at the points.
package enum BenchSVG {
    static let chartWidth = 900.0
    static let chartHeight = 330.0
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D00"]

    package static func render(_ report: BenchReport) -> String {
        let height = 70 + Double(report.measurements.count) * (chartHeight + 40)
        var svg = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="\##(n(chartWidth + 40))" height="\##(n(height))" viewBox="0 0 \##
            \##(n(chartWidth + 40)) \##(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            """##,
            "<title>timerlab bench</title>",
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ##"<text x="20" y="28" font-size="17" font-weight="bold">timerlab bench</text>"##,
            ##"<text x="20" y="48" fill="#555555">\##(XMLText.escaped("\(report.machine.summary); \(report.date)"))</text>"##,
        ]
        for (index, measurement) in report.measurements.enumerated() {
            svg += chart(measurement, top: 70 + Double(index) * (chartHeight + 40))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// Where one chart's figures go: log-log axes fitted to its points.
    private struct Plot {
        let left = 90.0, plotTop: Double, plotBottom: Double, plotRight: Double
        let kRange: (Double, Double), vRange: (Double, Double)

        /// A plot for `points` in the chart whose top is at `top`; `nil` if there is nothing to plot.
        init?(points: [Point], top: Double) {
            guard let minK = points.map(\.k).min(), let maxK = points.map(\.k).max(),
                let minV = points.map(\.value).min(), let maxV = points.map(\.value).max()
            else { return nil }
            plotTop = top + 30
            plotBottom = top + chartHeight - 40
            plotRight = chartWidth - 300 + 60
            kRange = (log10(Double(minK)) - 0.2, log10(Double(maxK)) + 0.2)
            vRange = (floor(log10(minV)), ceil(log10(maxV)) + (minV == maxV ? 1 : 0))
        }

        func x(_ k: Int) -> Double { left + (log10(Double(k)) - kRange.0) / (kRange.1 - kRange.0) * (plotRight - left) }
        func y(_ v: Double) -> Double {
            plotBottom - (log10(max(v, pow(10, vRange.0))) - vRange.0) / max(vRange.1 - vRange.0, 1) * (plotBottom - plotTop)
        }
    }

    private static func chart(_ measurement: Measurement, top: Double) -> [String] {
        let points = measurement.series.flatMap(\.points).filter { $0.value > 0 }
        var lines = [##"<g class="chart" data-measurement="\##(measurement.kind.rawValue)">"##]
        lines.append(
            ##"""
            <text x="20" y="\##(n(top + 16))" font-size="14" font-weight="bold">\##(XMLText.escaped(measurement.kind.rawValue)): \##
            \##(XMLText.escaped(measurement.unit))</text>
            """##
        )
        guard let plot = Plot(points: points, top: top) else {
            lines.append(##"<text x="90" y="\##(n(top + 50))">no figures</text></g>"##)
            return lines
        }
        lines += axes(plot, ks: Array(Set(points.map(\.k))).sorted(), kind: measurement.kind)
        lines.append(
            ##"""
            <text x="\##(n(plot.left))" y="\##(n(plot.plotBottom + 50))" font-size="10" \##
            fill="#555555">\##(XMLText.escaped(drawnNote(measurement.kind)))</text>
            """##
        )
        for (index, series) in measurement.series.enumerated() {
            lines += self.series(series, index: index, plot: plot)
        }
        lines += pointLabels(measurement, plot: plot)
        lines.append("</g>")
        return lines
    }

    /// The frame, a grid line per decade, the K ticks and both axis titles.
    private static func axes(_ plot: Plot, ks: [Int], kind: BenchKind) -> [String] {
        let (left, plotRight, plotTop, plotBottom) = (plot.left, plot.plotRight, plot.plotTop, plot.plotBottom)
        var lines = [
            ##"""
            <rect x="\##(n(left))" y="\##(n(plotTop))" width="\##(n(plotRight - left))" height="\##(n(plotBottom - plotTop))" \##
            fill="none" stroke="#999999"/>
            """##
        ]
        for decade in stride(from: Int(plot.vRange.0), through: Int(plot.vRange.1), by: 1) {
            let gy = plot.y(pow(10, Double(decade)))
            lines.append(##"<line x1="\##(n(left))" y1="\##(n(gy))" x2="\##(n(plotRight))" y2="\##(n(gy))" stroke="#e6e6e6"/>"##)
            lines.append(
                ##"""
                <text x="\##(n(left - 6))" y="\##(n(gy + 4))" text-anchor="end" \##
                font-size="11">\##(label(pow(10, Double(decade))))</text>
                """##
            )
        }
        for k in ks {
            lines.append(##"<text x="\##(n(plot.x(k)))" y="\##(n(plotBottom + 16))" text-anchor="middle" font-size="11">\##(k)</text>"##)
        }
        lines.append(##"<text x="\##(n((left + plotRight) / 2))" y="\##(n(plotBottom + 32))" text-anchor="middle">K (log scale)</text>"##)
        lines.append(
            ##"""
            <text transform="translate(\##(n(left - 52)) \##(n((plotTop + plotBottom) / 2))) rotate(-90)" \##
            text-anchor="middle">\##(XMLText.escaped(axisLabel(kind)))</text>
            """##
        )
        return lines
    }

    /// One series: its line, a marker and figure per point, and its legend entry with its cut.
    private static func series(_ series: Series, index: Int, plot: Plot) -> [String] {
        let colour = colours[index % colours.count]
        let drawn = series.points.filter { $0.value > 0 }
        let path = drawn.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(n(plot.x($0.element.k))) \(n(plot.y($0.element.value)))" }
            .joined(separator: " ")
        var lines = [##"<g class="series" data-label="\##(XMLText.escaped(series.label))">"##]
        if drawn.count > 1 {
            lines.append(
                ##"""
                  <path d="\##(path)" fill="none" stroke="\##(colour)" \##
                stroke-width="2"\##(index >= 4 ? #" stroke-dasharray="6 3""# : "")/>
                """##
            )
        }
        for point in drawn {
            let (x, y) = (plot.x(point.k), plot.y(point.value))
            lines.append("  " + marker(index, x: x, y: y, colour: colour))
        }
        let legendY = plot.plotTop + 8 + Double(index) * 24
        lines.append("  " + marker(index, x: plot.plotRight + 24, y: legendY, colour: colour))
        lines.append(
            ##"  <text x="\##(n(plot.plotRight + 36))" y="\##(n(legendY + 4))" font-size="11">\##(XMLText.escaped(series.label))</text>"##)
        let hidden = series.points.filter { $0.value <= 0 }.map { "K=\($0.k)" }
        let notes =
            (series.cut.map { [$0] } ?? [])
            + (hidden.isEmpty ? [] : ["\(hidden.joined(separator: ", ")): 0 or less, not drawn on the log axis"])
        if !notes.isEmpty {
            lines.append(
                ##"""
                  <text x="\##(n(plot.plotRight + 36))" y="\##(n(legendY + 15))" font-size="9" \##
                fill="#555555">\##(XMLText.escaped(notes.joined(separator: "; ")))</text>
                """##
            )
        }
        lines.append("</g>")
        return lines
    }

    /// Each drawn point's figure beside it; figures at one K that would touch are spread apart
    /// vertically (11 px at least), so close series stay readable.
    private static func pointLabels(_ measurement: Measurement, plot: Plot) -> [String] {
        var labels: [(k: Int, y: Double, text: String, colour: String)] = []
        for (index, series) in measurement.series.enumerated() {
            for point in series.points where point.value > 0 {
                labels.append((point.k, plot.y(point.value) - 6, BenchText.number(point.value), colours[index % colours.count]))
            }
        }
        var lines: [String] = []
        for k in Set(labels.map(\.k)).sorted() {
            var previous = -Double.infinity
            for label in labels.filter({ $0.k == k }).sorted(by: { $0.y < $1.y }) {
                let y = max(label.y, previous + 11)
                previous = y
                lines.append(
                    ##"""
                    <text class="figure" x="\##(n(plot.x(k) + 7))" y="\##(n(y))" font-size="9" \##
                    fill="\##(label.colour)">\##(label.text)</text>
                    """##
                )
            }
        }
        return lines
    }

    /// A marker whose shape, not only its colour, tells the series apart.
    private static func marker(_ index: Int, x: Double, y: Double, colour: String) -> String {
        switch index % 4 {
        case 0: return ##"<circle cx="\##(n(x))" cy="\##(n(y))" r="4" fill="\##(colour)"/>"##
        case 1: return ##"<rect x="\##(n(x - 4))" y="\##(n(y - 4))" width="8" height="8" fill="\##(colour)"/>"##
        case 2: return ##"<path d="\##(SVGShape.triangle(x: x, y: y, size: 5))" fill="\##(colour)"/>"##
        default: return ##"<path d="\##(SVGShape.diamond(x: x, y: y, size: 5))" fill="none" stroke="\##(colour)" stroke-width="2"/>"##
        }
    }

    /// What the chart draws of the measurement's figures, and where the rest are.
    private static func drawnNote(_ kind: BenchKind) -> String {
        let rest: String
        switch kind {
        case .memory: rest = "the average per owner is drawn; the marginal cost is in text, TSV and JSON"
        case .stop: rest = "every figure is drawn"
        case .cpu: rest = "CPU is drawn; the share of ticks achieved is in text, TSV and JSON"
        case .accuracy: rest = "the median is drawn; p99 and max are in text, TSV and JSON"
        }
        return rest + ". Markers repeat after four series; from the fifth, lines are dashed."
    }

    private static func axisLabel(_ kind: BenchKind) -> String {
        switch kind {
        case .memory: return "bytes per owner"
        case .stop: return "µs per stop"
        case .cpu: return "% of one core"
        case .accuracy: return "ms late (median)"
        }
    }

    private static func label(_ value: Double) -> String {
        value >= 1 ? String(Int(value)) : String(value)
    }

    static func n(_ value: Double) -> String { TimelineSVG.n(value) }
}
