import Foundation
import TestSupport
import Testing

@testable import TimerLabTesting

/// The JSON a failing check attaches: the facts of the report it was made from, under the
/// report's names, read back as a CI step reads it.
@Suite(.timeLimit(.minutes(1))) struct ReportJSONTests {
    static func decoded(_ report: LifetimeReport, failure: LifetimeCheckError.Code? = .notFreed) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(ReportJSON.encoded(report, failure: failure))) as? [String: Any])
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

    /// The outcome is the test's: a leak below fails though its fate is `freed`; a late release
    /// is a warning, and a failure under strict; a pass attaches nothing.
    @Test func theOutcomeIsWhatTheTestMadeOfTheReport() async throws {
        let below = try await Self.viewModel(tearsDown: false)
        let failed = try #require(EvidenceAttachment.json(Judgement(below, strict: false)))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(failed)) as? [String: Any])
        #expect(json["outcome"] as? String == "failed" && json["failure"] as? String == "notFreed", "\(json)")
        let late = try await Self.lateRelease()
        let warned = try #require(EvidenceAttachment.json(Judgement(late, strict: false)))
        let warning = try #require(try JSONSerialization.jsonObject(with: Data(warned)) as? [String: Any])
        #expect(warning["outcome"] as? String == "warning" && warning["failure"] is NSNull, "\(warning)")
        let strict = try #require(EvidenceAttachment.json(Judgement(late, strict: true)))
        let strictJSON = try #require(try JSONSerialization.jsonObject(with: Data(strict)) as? [String: Any])
        #expect(strictJSON["outcome"] as? String == "failed" && strictJSON["failure"] as? String == "freedLate", "\(strictJSON)")
        #expect(EvidenceAttachment.json(Judgement(try await Self.viewModel(tearsDown: true), strict: false)) == nil)
    }

    /// The recipe "Reading a report" gives, run as written with jq on what four judgements
    /// attach: it prints the headline of each failure (a leak, a leak below, a late release
    /// under strict), and not the warning's.
    @Test(.enabled(if: OptionalTool.jq.runs, OptionalTool.jq.skipReason))
    func theDocumentedRecipeFindsEveryFailureAndNoWarning() async throws {
        let leak = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Tree.Refresher()
        } start: {
            $0.start()
        }
        let below = try await Self.viewModel(tearsDown: false)
        let late = try await Self.lateRelease()
        let judgements = [
            Judgement(leak, strict: false), Judgement(below, strict: false), Judgement(late, strict: true), Judgement(late, strict: false),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timerlab-recipe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let attachments = folder.appendingPathComponent("attachments")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        for (index, judgement) in judgements.enumerated() {
            let json = try #require(EvidenceAttachment.json(judgement))
            try Data(json).write(to: attachments.appendingPathComponent("\(index).lifetime.json"))
        }
        let printed = try Self.run(Self.documentedRecipe(), in: folder)
        let failures = [leak, below, late].map { $0.description.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(printed.split(separator: "\n").map(String.init) == failures, "\(printed)")
    }

    /// A draft editor freed 1.2 s after release, within a patience of 10 s: a late release.
    static func lateRelease() async throws -> LifetimeReport {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(10))) {
            DraftEditor()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        try #require(report.freedLate != nil, "\(report)")
        return report
    }

    /// The `jq` line of "Reading a report"'s recipe, as the page writes it.
    static func documentedRecipe() throws -> String {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Sources/TimerLabTesting/TimerLabTesting.docc/ReadingAReport.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        return try #require(text.split(separator: "\n").first { $0.hasPrefix("jq ") }.map(String.init))
    }

    /// Runs `command` with `/bin/sh` in `folder`; what it printed.
    static func run(_ command: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command)")
        return String(decoding: printed, as: UTF8.self)
    }

    @Test func aTypeNameBecomesAFileName() {
        #expect(EvidenceAttachment.fileName("Box<Feed>") == "Box_Feed_")
        #expect(EvidenceAttachment.fileName("App.Feed Model/1") == "App.Feed_Model_1")
    }
}
