import Foundation
import TimerLabHarness

/// Draws runs as one timeline: a lane per scenario, time across, aligned at the release.
///
/// Before the release line, filled circles are the owner's ticks; after it, hollow triangles are
/// ticks into an owner nobody holds. A diamond is the owner's `deinit`, a square the timer's stop
/// with who stopped it (drawn smaller, so a diamond at the same instant still shows around it).
/// A leaked owner's lane is hatched and ends in LEAKED; a freed one is plain and ends in FREED, or
/// in HELPER LEAKED where the helper it made outlived it.
/// Shape and pattern carry every distinction, so it reads without colour.
package enum TimelineSVG {
    static let width = 960.0
    static let labelWidth = 200.0
    static let verdictWidth = 120.0
    static let laneHeight = 30.0
    static let top = 92.0
    static let blue = "#0072B2"
    static let vermillion = "#D55E00"
    static let green = "#009E73"
    static let grey = "#6b6b6b"

    /// The picture of `observations`, run with their settings on `platform`.
    package static func render(_ observations: [ScenarioObservation], platform: Platform = .current) -> String {
        let settings = observations.first?.settings ?? .defaults
        let axis = Axis(settings: settings, plotStart: labelWidth, plotEnd: width - verdictWidth)
        let height = top + Double(observations.count) * laneHeight + 120
        var svg = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="\##(n(width))" height="\##(n(height))" viewBox="0 0 \##(n(width)) \##
            \##(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            """##,
            "<title>timerlab leak: \(observations.count) scenario\(observations.count == 1 ? "" : "s")</title>",
            "<defs>",
            ##"""
              <pattern id="leaked" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" \##
            height="8" fill="#fbe3d6"/><line x1="0" y1="0" x2="0" y2="8" stroke="#e8a27c" stroke-width="3"/></pattern>
            """##,
            "</defs>",
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
        ]
        svg += header(observations.count, settings, platform)
        svg += axis.grid(from: top - 6, to: top + Double(observations.count) * laneHeight)
        for (index, observation) in observations.enumerated() {
            svg += lane(observation, y: top + Double(index) * laneHeight, axis: axis)
        }
        svg += legend(y: top + Double(observations.count) * laneHeight + 34)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private static func header(_ count: Int, _ settings: RunSettings, _ platform: Platform) -> [String] {
        let title = "timerlab leak: \(count) scenario\(count == 1 ? "" : "s") on \(platform.displayName)"
        let subtitle =
            """
            \(settings.ticks) ticks of \(n(settings.interval * 1000)) ms, released, then \(settings.grace) intervals of grace; time \
            runs left to right, lanes aligned at the release
            """
        return [
            ##"<text x="16" y="26" font-size="17" font-weight="bold">\##(XMLText.escaped(title))</text>"##,
            ##"<text x="16" y="46" fill="\##(grey)">\##(XMLText.escaped(subtitle))</text>"##,
        ]
    }

    private static func lane(_ observation: ScenarioObservation, y: Double, axis: Axis) -> [String] {
        let leaked = observation.owner == .leaked
        let middle = y + laneHeight / 2
        let release = observation.events.first { $0.event == .release }?.ms ?? 0
        var lines = [
            ##"<g class="lane" data-scenario="\##(XMLText.escaped(observation.scenario))" data-owner="\##(observation.owner.rawValue)">"##,
            ##"""
              <rect x="8" y="\##(n(y + 2))" width="\##(n(width - 16))" height="\##(n(laneHeight - 4))" rx="4" \##
            fill="\##(leaked ? "url(#leaked)" : "#eef4f9")"/>
            """##,
            ##"  <text x="16" y="\##(n(middle + 4))" font-weight="bold">\##(XMLText.escaped(observation.scenario))</text>"##,
            ##"  <line x1="\##(n(axis.plotStart))" y1="\##(n(middle))" x2="\##(n(axis.plotEnd))" y2="\##(n(middle))" stroke="#b0b0b0"/>"##,
        ]
        // A stop's label is drawn only where it meets no label already on its row (a task and
        // its stream's source stopped a moment apart share the first's): every stop keeps its mark.
        var placed: [Bool: [ClosedRange<Double>]] = [:]
        lines += layered(observation.events).compactMap { event in
            let x = axis.x(ms: event.ms, release: release)
            guard event.event == .stop else {
                return mark(for: event, x: x, y: y, middle: middle, plotEnd: axis.plotEnd)
            }
            let row = event.by == .harness
            let span = stopLabelPlace("stopped by \(event.by?.rawValue ?? "?")", x: x, plotEnd: axis.plotEnd).span
            let free = !(placed[row] ?? []).contains { $0.overlaps(span) }
            if free { placed[row, default: []].append(span) }
            return mark(for: event, x: x, y: y, middle: middle, plotEnd: axis.plotEnd, labelled: free)
        }
        // A freed owner whose helper leaked left part of itself behind: its verdict says so, smaller to fit.
        let helperLeaked = !leaked && observation.helper == .leaked
        let (colour, verdict) = leaked ? (vermillion, "✖ LEAKED") : helperLeaked ? (vermillion, "✖ HELPER LEAKED") : (blue, "✔ FREED")
        lines.append(
            ##"""
              <text class="verdict" x="\##(n(axis.plotEnd + 16))" y="\##(n(middle + 5))" \##
            font-size="\##(helperLeaked ? 11 : 14)" font-weight="bold" fill="\##(colour)">\##(verdict)</text>
            """##)
        lines.append("</g>")
        return lines
    }

    /// The events a lane draws, back to front.
    private static func layered(_ events: [RunEvent]) -> [RunEvent] {
        // Ticks after the end of grace belong to clean-up (a loop that spins after its stop ticks
        // thousands of times there): the stop mark and the report's figure carry them.
        let graceEnd = events.first { $0.event == .graceEnd }?.ms ?? .infinity
        let drawn = events.filter { $0.event != .zombieTick || $0.ms <= graceEnd }
        // The deinit at the back, then ticks (a tick just before the release stays visible on the
        // diamond), then stops on top.
        return drawn.filter { $0.event == .ownerDeinit }
            + drawn.filter { $0.event != .stop && $0.event != .ownerDeinit } + drawn.filter { $0.event == .stop }
    }

    /// The mark one event leaves on its lane (a stop is two lines: its square and who stopped it);
    /// `nil` for events drawn as the axis's release line or not drawn at all.
    private static func mark(
        for event: RunEvent, x: Double, y: Double, middle: Double, plotEnd: Double, labelled: Bool = true
    ) -> String? {
        switch event.event {
        case .tick:
            return ##"  <circle class="tick" cx="\##(n(x))" cy="\##(n(middle))" r="4.5" fill="\##(blue)"/>"##
        case .zombieTick:
            return
                ##"""
                  <path class="zombie-tick" d="\##(SVGShape.triangle(x: x, y: middle, size: 6))" fill="#ffffff" \##
                stroke="\##(vermillion)" stroke-width="2"/>
                """##
        case .ownerDeinit:
            return ##"  <path class="deinit" d="\##(SVGShape.diamond(x: x, y: middle, size: 9))" fill="#000000"/>"##
        case .stop:
            let actor = event.by?.rawValue ?? "?"
            let colour = event.by == .harness ? grey : green
            return
                ##"""
                  <rect class="stop" data-by="\##(actor)" x="\##(n(x - 4))" y="\##(n(middle - 4))" width="8" height="8" \##
                fill="\##(colour)" stroke="#000000" stroke-width="0.8"/>
                """##
                    + (labelled
                        ? "\n"
                            + stopLabel(
                                "stopped by \(actor)", x: x, middle: middle, colour: colour, byHarness: event.by == .harness,
                                plotEnd: plotEnd)
                        : "")
        case .graceEnd:
            return
                ##"""
                  <line class="grace-end" x1="\##(n(x))" y1="\##(n(y + 5))" x2="\##(n(x))" y2="\##(n(y + laneHeight - 5))" \##
                stroke="\##(grey)" stroke-width="1.5"/>
                """##
        case .release, .timerFreed, .intermediateFreed, .cleanup:
            return nil
        }
    }

    /// Who stopped the timer, beside its mark: the owner's or the timer's own stop above the line,
    /// the harness's clean-up (which can come at the same instant) below it; to the mark's left
    /// where the text would run past the plot into the verdict. A white halo keeps it legible on
    /// the hatching.
    static func stopLabel(_ text: String, x: Double, middle: Double, colour: String, byHarness: Bool, plotEnd: Double) -> String {
        let place = stopLabelPlace(text, x: x, plotEnd: plotEnd)
        let textY = byHarness ? middle + 13 : middle - 7
        return
            ##"""
              <text class="stop-label" x="\##(n(place.anchorX))" y="\##(n(textY))" font-size="\##(n(stopLabelSize))" \##
            text-anchor="\##(place.anchor)" fill="\##(colour)" stroke="#ffffff" stroke-width="3" \##
            paint-order="stroke">\##(XMLText.escaped(text))</text>
            """##
    }

    static let stopLabelSize = 10.0

    /// Where a stop's label goes: right of its mark, or left of it where the text would run past
    /// the plot; `span` is what it covers, with 4 px to spare, for keeping labels apart.
    static func stopLabelPlace(
        _ text: String, x: Double, plotEnd: Double
    ) -> (anchorX: Double, anchor: String, span: ClosedRange<Double>) {
        let width = labelWidth(text, fontSize: stopLabelSize)
        let fitsRight = x + 10 + width <= plotEnd
        let start = fitsRight ? x + 10 : x - 10 - width
        return (fitsRight ? x + 10 : x - 10, fitsRight ? "start" : "end", (start - 4)...(start + width + 4))
    }

    /// A generous estimate of a Helvetica-like text's width, for placing labels clear of others.
    static func labelWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.6
    }

    private static func legend(y: Double) -> [String] {
        let items: [(String, String)] = [
            (##"<circle cx="0" cy="0" r="4.5" fill="\##(blue)"/>"##, "tick before release"),
            (
                ##"<path d="\##(SVGShape.triangle(x: 0, y: 0, size: 6))" fill="#ffffff" stroke="\##(vermillion)" stroke-width="2"/>"##,
                "tick after release (nobody holds the owner)"
            ),
            (##"<path d="\##(SVGShape.diamond(x: 0, y: 0, size: 7))" fill="#000000"/>"##, "owner's deinit"),
            (
                ##"<rect x="-5" y="-5" width="10" height="10" fill="\##(green)" stroke="#000000" stroke-width="0.8"/>"##,
                "timer stopped (grey: by the harness's clean-up)"
            ),
            (##"<line x1="0" y1="-8" x2="0" y2="8" stroke="#000000" stroke-width="2" stroke-dasharray="4 3"/>"##, "release"),
            (##"<line x1="0" y1="-7" x2="0" y2="7" stroke="\##(grey)" stroke-width="1.5"/>"##, "end of grace: observed here"),
            (##"<rect x="-10" y="-7" width="20" height="14" fill="url(#leaked)"/>"##, "hatched lane: owner LEAKED"),
            (##"<rect x="-10" y="-7" width="20" height="14" fill="#eef4f9" stroke="#b0b0b0"/>"##, "plain lane: owner FREED"),
        ]
        return items.enumerated().map { index, item in
            let x = 30 + Double(index % 2) * 440
            let rowY = y + Double(index / 2) * 20
            return
                ##"""
                <g class="legend" transform="translate(\##(n(x)) \##(n(rowY)))">\##(item.0)<text x="16" \##
                y="4">\##(XMLText.escaped(item.1))</text></g>
                """##
        }
    }

    /// A number for SVG: at most two decimals, no trailing zeros.
    static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Time across: intervals from the release, from one before the first tick to two after the grace.
    struct Axis {
        let low: Double
        let high: Double
        let intervalMs: Double
        let plotStart: Double
        let plotEnd: Double

        init(settings: RunSettings, plotStart: Double, plotEnd: Double) {
            low = -Double(settings.ticks + 1)
            high = Double(settings.grace + 2)
            intervalMs = settings.interval * 1000
            self.plotStart = plotStart
            self.plotEnd = plotEnd
        }

        /// Where an event at `ms` goes, for a lane released at `release`; clamped to the plot.
        func x(ms: Double, release: Double) -> Double {
            let intervals = min(max((ms - release) / intervalMs, low), high)
            return plotStart + (intervals - low) / (high - low) * (plotEnd - plotStart)
        }

        /// The release line and the interval marks, with labels above the lanes.
        func grid(from top: Double, to bottom: Double) -> [String] {
            let step = max(1, Int(((high - low) / 16).rounded(.up)))
            var lines: [String] = []
            for mark in stride(from: Int(low), through: Int(high), by: step) {
                let x = plotStart + (Double(mark) - low) / (high - low) * (plotEnd - plotStart)
                lines.append(##"<line x1="\##(n(x))" y1="\##(n(top))" x2="\##(n(x))" y2="\##(n(bottom))" stroke="#e4e4e4"/>"##)
                let label = mark == 0 ? "" : (mark > 0 ? "+\(mark)" : "\(mark)")
                lines.append(
                    ##"<text x="\##(n(x))" y="\##(n(top - 4))" font-size="10" text-anchor="middle" fill="\##(grey)">\##(label)</text>"##)
            }
            let release = x(ms: 0, release: 0)
            lines.append(
                ##"""
                <line class="release" x1="\##(n(release))" y1="\##(n(top - 14))" x2="\##(n(release))" y2="\##(n(bottom + 4))" \##
                stroke="#000000" stroke-width="2" stroke-dasharray="4 3"/>
                """##
            )
            lines.append(
                ##"""
                <text x="\##(n(release))" y="\##(n(top - 16))" font-size="11" font-weight="bold" text-anchor="middle">release \##
                (intervals before and after)</text>
                """##
            )
            return lines
        }
    }
}
