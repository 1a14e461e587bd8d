import Testing

@testable import TimerLab

/// The bench's three renderers of one report: every figure in TSV, a table per measurement for
/// people, a chart per measurement; a series cut before its first figure never vanishes.
@Suite struct BenchRenderTests {
    /// Two measurements: block timers' memory at two sizes (the second marginal below a byte),
    /// and a stop time whose second series was cut before its first figure.
    static let report = BenchReport(
        machine: .init(cores: 2, memoryBytes: 8 << 30, operatingSystem: "Linux & co", swift: "6.x"),
        date: "2026-11-26",
        measurements: [
            Measurement(
                kind: .memory, unit: "bytes per owner",
                series: [Series(label: "block", points: [Point(k: 100, value: 470, secondary: 0.4), Point(k: 1000, value: 0.5)])]),
            Measurement(
                kind: .stop, unit: "µs per stop",
                series: [
                    Series(label: "gcd", points: [Point(k: 10, value: 12.5)]),
                    Series(label: "task", points: [], cut: "over its 1 s budget"),
                ]),
        ])

    @Test func tsvHasARowPerFigureAndOneForACutSeries() {
        let rows = BenchTSV.render(Self.report).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.first.map { $0.map(String.init) } == BenchTSV.columns)
        #expect(rows.count == 1 + 4)
        #expect(rows[1].map(String.init) == ["memory", "block", "100", "470.0", "0.4", "-", "bytes per owner", "-"])
        #expect(rows[4].map(String.init) == ["stop", "task", "-", "-", "-", "-", "µs per stop", "over its 1 s budget"])
    }

    @Test func textHasATablePerMeasurementWithNoiseAndCutsSaid() {
        let text = BenchText.render(Self.report)
        #expect(text.hasPrefix("timerlab bench, 2026-11-26: "))
        #expect(text.contains("MEMORY: bytes per owner"))
        #expect(text.contains("STOP: µs per stop"))
        // Below a byte is noise, said as such; the second figure is the marginal between sizes.
        #expect(text.contains("470 B (+~0)"), "\(text)")
        #expect(text.contains("~0 B"), "\(text)")
        #expect(text.contains("12.5 µs"), "\(text)")
        let taskRow = text.split(separator: "\n").first { $0.hasPrefix("task") }
        #expect(taskRow?.hasSuffix("cut") == true, "\(text)")
        #expect(text.contains("  task: over its 1 s budget"), "\(text)")
    }

    @Test func svgHasAChartPerMeasurementAndASeriesPerMechanism() {
        let svg = BenchSVG.render(Self.report)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: #"<g class="chart""#).count - 1 == 2)
        for label in ["block", "gcd", "task"] {
            #expect(svg.contains(#"class="series" data-label="\#(label)""#), "\(label)")
        }
        // What the report says is escaped: the machine's summary carries an ampersand.
        #expect(svg.contains("Linux &amp; co") && !svg.contains("Linux & co"))
    }
}
