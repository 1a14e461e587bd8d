import Foundation
import FoundationXML
import Testing
import TimerLabHarness

/// No label in a picture overlaps another label, and no label lies on a tick or a stop mark.
///
/// Boxes are computed as a reader's eye would meet them: a text's from its position, anchor, font
/// size and length (a generous 0.6 em per character), a marker's from its geometry.
@Suite struct LabelOverlapTests {
    struct Box: CustomStringConvertible {
        let x0, y0, x1, y1: Double
        let what: String
        func overlaps(_ other: Box) -> Bool { x0 < other.x1 && other.x0 < x1 && y0 < other.y1 && other.y0 < y1 }
        var description: String { "\(what) [\(Int(x0))-\(Int(x1)) x \(Int(y0))-\(Int(y1))]" }
    }

    static func number(_ element: XMLElement, _ name: String) -> Double {
        Double((try? element.nodes(forXPath: "@\(name)").first)??.stringValue ?? "") ?? 0
    }

    /// The text boxes and marker boxes of every lane of a timeline.
    static func lanes(_ svg: String) throws -> [(texts: [Box], markers: [Box])] {
        let document = try XMLDocument(data: Data(svg.utf8))
        let lanes = try document.nodes(forXPath: "//*[local-name()='g'][@class='lane']").compactMap { $0 as? XMLElement }
        return try lanes.map { lane in
            let texts = try lane.nodes(forXPath: "./*[local-name()='text']").compactMap { $0 as? XMLElement }.map { text in
                let size = number(text, "font-size") == 0 ? 12 : number(text, "font-size")
                let content = text.stringValue ?? ""
                let width = Double(content.count) * size * 0.6
                let x = number(text, "x")
                let y = number(text, "y")
                let anchor = (try? text.nodes(forXPath: "@text-anchor").first)??.stringValue ?? "start"
                let x0 = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
                return Box(x0: x0, y0: y - size * 0.8, x1: x0 + width, y1: y + size * 0.2, what: "'\(content)'")
            }
            let circles = try lane.nodes(forXPath: "./*[local-name()='circle']").compactMap { $0 as? XMLElement }.map { circle in
                let (x, y, r) = (number(circle, "cx"), number(circle, "cy"), number(circle, "r"))
                return Box(x0: x - r, y0: y - r, x1: x + r, y1: y + r, what: "tick")
            }
            let stops = try lane.nodes(forXPath: "./*[local-name()='rect'][@class='stop']").compactMap { $0 as? XMLElement }.map { rect in
                let (x, y) = (number(rect, "x"), number(rect, "y"))
                return Box(x0: x, y0: y, x1: x + number(rect, "width"), y1: y + number(rect, "height"), what: "stop")
            }
            return (texts, circles + stops)
        }
    }

    @Test(arguments: [
        ["leak", "--all"],
        ["leak", "strong-target", "task-cancel-spin", "no-runloop", "gcd", "--ticks", "20", "--grace", "5"],
        ["leak", "stream-strong", "stream-producer-zombie", "stream-on-termination", "gcd-strong"],
        ["leak", "strong-target", "task-cancel-spin", "no-runloop", "gcd", "--ticks", "2000", "--interval", "0.001"],
    ])
    func noTimelineLabelOverlapsALabelOrAMark(_ arguments: [String]) async throws {
        let result = await BinaryRunner.run(arguments + ["--format", "svg"], timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        let lanes = try Self.lanes(result.out)
        // Labels across lanes too: one lane's label below its line must not meet the next's above.
        let texts = lanes.flatMap(\.texts)
        let markers = lanes.flatMap(\.markers)
        for (i, text) in texts.enumerated() {
            for other in texts[(i + 1)...] where text.overlaps(other) {
                Issue.record("\(text) overlaps \(other)")
            }
            for marker in markers where text.overlaps(marker) {
                Issue.record("\(text) lies on a \(marker)")
            }
        }
    }

    /// `bench --quick`: within each chart, no figure beside a point overlaps another.
    @Test func noBenchFigureOverlapsAnother() async throws {
        let result = await BinaryRunner.run(["bench", "--quick", "--format", "svg"], timeLimit: 120)
        #expect(result.status == 0, "\(result.err)")
        let document = try XMLDocument(data: Data(result.out.utf8))
        let charts = try document.nodes(forXPath: "//*[local-name()='g'][@class='chart']").compactMap { $0 as? XMLElement }
        #expect(charts.count == 4)
        for chart in charts {
            let figures = try chart.nodes(forXPath: ".//*[local-name()='text'][@class='figure']").compactMap { $0 as? XMLElement }.map {
                text in
                let (x, y, size) = (Self.number(text, "x"), Self.number(text, "y"), Self.number(text, "font-size"))
                let width = Double((text.stringValue ?? "").count) * size * 0.6
                return Box(x0: x, y0: y - size * 0.8, x1: x + width, y1: y + size * 0.2, what: "'\(text.stringValue ?? "")'")
            }
            for (i, figure) in figures.enumerated() {
                for other in figures[(i + 1)...] where figure.overlaps(other) {
                    Issue.record("\(figure) overlaps \(other)")
                }
            }
        }
    }
}
