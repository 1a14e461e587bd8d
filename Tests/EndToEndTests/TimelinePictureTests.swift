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

    /// `regenerate.sh --check`'s reading of the picture: a run whose stream's two stops came far
    /// enough apart to label both says the same, as CI once saw; a lane that says otherwise is stale.
    @Test func thePictureCheckReadsWhatALaneSaysNotWhereItsLabelsFell() async throws {
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        let lane = try #require(committed.range(of: #"data-scenario="stream-strong""#))
        let stop = try #require(committed.range(of: #"<rect class="stop" data-by="harness""#, range: lane.upperBound..<committed.endIndex))
        let secondLabel =
            ##"<text class="stop-label" x="900" y="960" font-size="10" fill="#6b6b6b">stopped by harness</text>"## + "\n  "
        let farApart = committed.replacingCharacters(in: stop.lowerBound..<stop.lowerBound, with: secondLabel)
        let ownerStopped = committed.replacingCharacters(in: stop, with: #"<rect class="stop" data-by="owner""#)
        let verdict = try #require(committed.range(of: "✖ LEAKED", range: lane.upperBound..<committed.endIndex))
        let freed = committed.replacingCharacters(in: verdict, with: "✔ FREED")
        #expect(try await Self.pictureMatch(committed, farApart) == 0)
        #expect(try await Self.pictureMatch(committed, ownerStopped) == 1)
        #expect(try await Self.pictureMatch(committed, freed) == 1)
    }

    /// `scripts/picture-match.py timeline` on the committed picture and `drawn`: its exit status.
    static func pictureMatch(_ committed: String, _ drawn: String) async throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-match-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["committed.svg": committed, "drawn.svg": drawn, "scenarios": Catalog.all.map(\.name).joined(separator: "\n")]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8) }
        let script = Self.committed.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/picture-match.py")
        let paths = ["committed.svg", "drawn.svg", "scenarios"].map { folder.appendingPathComponent($0).path }
        let result = await BinaryRunner.run(
            ["python3", script.path, "timeline"] + paths, executable: URL(fileURLWithPath: "/usr/bin/env"))
        return result.status
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
