import Foundation
import TestSupport
import Testing

@testable import TimerLabTesting

/// The JSON a failing check attaches: the facts of the report it was made from, under the
/// report's names, read back as a CI step reads it.
@Suite(.timeLimit(.minutes(1))) struct ReportJSONTests {
    static func decoded(_ report: LifetimeReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(ReportJSON.encoded(report))) as? [String: Any])
    }

    /// A view model whose refresher leaks below it through its own source, or goes with it.
    static func viewModel(tearsDown: Bool) async throws -> LifetimeReport {
        try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(300))) {
            Tree.ViewModel(tearsDown: tearsDown)
        } start: {
            $0.start()
        }
    }

    @Test func aLeakBelowIsItsFateHeadlineAndPart() async throws {
        let report = try await Self.viewModel(tearsDown: false)
        let json = try Self.decoded(report)
        #expect(json["format"] as? String == "timerlab-lifetime-report/1")
        #expect(json["typeName"] as? String == report.typeName)
        #expect(json["fate"] as? String == "freed")
        #expect(json["headline"] as? String == report.description.split(separator: "\n").first.map(String.init))
        let children = try #require(json["children"] as? [[String: Any]])
        #expect(children.map { $0["path"] as? String } == report.children.map(\.path))
        #expect(children.first?["leaked"] as? Bool == true)
        #expect(children.first?["culprit"] as? String == report.children.first?.culprit)
        let holders = try #require(json["holders"] as? [[String: Any]])
        #expect(holders.map { $0["path"] as? String } == report.holders.map(\.path))
    }

    @Test func aFreedTreeHasNoLeakedPartAndEveryKeyIsThere() async throws {
        let report = try await Self.viewModel(tearsDown: true)
        let json = try Self.decoded(report)
        #expect(json["fate"] as? String == "freed")
        #expect((json["children"] as? [Any])?.isEmpty == true)
        // Every key is written, `null` where it does not apply, as a script expects.
        for key in ["culprit", "freedLateSeconds", "fix", "caution"] {
            #expect(json.keys.contains(key), "\(key) is missing")
        }
    }

    @Test func aTypeNameBecomesAFileName() {
        #expect(EvidenceAttachment.fileName("Box<Feed>") == "Box_Feed_")
        #expect(EvidenceAttachment.fileName("App.Feed Model/1") == "App.Feed_Model_1")
    }
}
