import Foundation
import FoundationXML
import TestSupport
import Testing
import TimerLab
import TimerLabHarness

/// The timeline picture: rendered by a real SVG renderer, and the committed copy kept true.
@Suite struct TimelinePictureTests {
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/timeline.svg")

    @Test(.enabled(if: OptionalTool.rsvgConvert.runs, OptionalTool.rsvgConvert.skipReason))
    func leakAllAsSVGRendersWithRsvg() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("timeline.svg")
        let result = await BinaryRunner.run(["leak", "--all", "--format", "svg"])
        #expect(result.status == 0)
        try result.out.write(to: svg, atomically: false, encoding: .utf8)
        let png = folder.appendingPathComponent("timeline.png")
        let render = await BinaryRunner.run(
            [svg.path, "-o", png.path], executable: URL(fileURLWithPath: try OptionalTool.rsvgConvert.require()))
        #expect(render.status == 0, "\(render.err)")
        let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
        #expect(size > 10_000)
    }

    @Test func theCommittedPictureShowsTheCatalog() throws {
        let document = try XMLDocument(contentsOf: Self.committed)
        let lanes = try document.nodes(forXPath: "//*[local-name()='g'][@class='lane']/@data-scenario").compactMap(\.stringValue)
        #expect(
            lanes == Catalog.all.map(\.name), "regenerate it: scripts/regenerate.sh")
    }

    @Test func eventsAsJSONLinesShowTheZombieAndTheCancel() async throws {
        let result = await BinaryRunner.run(["leak", "strong-target", "gcd", "--format", "events"])
        #expect(result.status == 0)
        let lines = try result.out.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let strong = lines.filter { $0["scenario"] as? String == "strong-target" }.map { $0["event"] as? String ?? "" }
        let gcd = lines.filter { $0["scenario"] as? String == "gcd" }
        #expect(strong.contains("zombie-tick"))
        #expect(!strong.prefix { $0 != "grace-end" }.contains("deinit"))
        let gcdEvents = gcd.map { $0["event"] as? String ?? "" }
        let cancel = try #require(gcd.firstIndex { $0["event"] as? String == "stop" && $0["by"] as? String == "owner" })
        #expect(gcdEvents.contains("deinit"))
        #expect(!gcdEvents[cancel...].contains("tick") && !gcdEvents.contains("zombie-tick"))
    }

    @Test func theCommittedBenchChartsAreWellFormedWithAChartPerMeasurement() throws {
        let charts = Self.committed.deletingLastPathComponent().appendingPathComponent("bench.svg")
        let document = try XMLDocument(contentsOf: charts)
        let kinds = try document.nodes(forXPath: "//*[local-name()='g'][@class='chart']/@data-measurement").compactMap(\.stringValue)
        #expect(
            kinds == ["memory", "stop", "cpu", "accuracy"],
            "regenerate it: scripts/regenerate.sh")
    }
}
