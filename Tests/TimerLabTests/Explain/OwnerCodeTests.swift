import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab

/// The code `explain` and `diff` show is the scenario files' own, carried in the binary, with the
/// lines that decide each outcome marked where they are.
@Suite struct OwnerCodeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/TimerLab/Scenarios")

    static let generated = folder.deletingLastPathComponent().appendingPathComponent("Explain/CarriedCode+Generated.swift")

    /// The scenario files, as `carry-code` reads them.
    static func scenarioFiles() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.map { name in
            (String(name.dropLast(6)), try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// The committed file is what the one transform makes of today's scenario files.
    @Test func theCarriedFileIsWhatTheWriterMakesOfTheScenarioFiles() throws {
        let committed = try String(contentsOf: Self.generated, encoding: .utf8)
        #expect(committed == (try CarriedCodeWriter.source(files: Self.scenarioFiles())), "a scenario changed: run scripts/regenerate.sh")
    }

    @Test(arguments: Catalog.all.map(\.name))
    func theCarriedCopyIsTheFile(_ name: String) throws {
        let carried = try #require(CarriedCode.files[name], "no carried code: run scripts/regenerate.sh")
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name).swift"), encoding: .utf8)
        #expect(carried == CarriedCodeWriter.carried(text), "\(name).swift changed: run scripts/regenerate.sh")
    }

    /// The cut: up to the catalog entry, without the blank lines before it.
    @Test func theCutEndsBeforeTheCatalogEntryWithoutTrailingBlankLines() {
        #expect(CarriedCodeWriter.carried("a\n\n  \nextension Scenario {\n}\n") == "a")
        #expect(CarriedCodeWriter.carried("a\nb") == "a\nb")
    }

    @Test func everyCarriedFileIsAScenario() {
        #expect(Set(CarriedCode.files.keys) == Set(Catalog.all.map(\.name)))
    }

    @Test(arguments: Catalog.all.map(\.name))
    func everyScenarioMarksTheLinesThatDecide(_ name: String) throws {
        let code = try #require(OwnerCode(scenario: name))
        #expect(!code.deciding.isEmpty, "\(name): mark a deciding line with a trailing '// ◀'")
        #expect(code.lines.first?.text.contains("class ") == true || code.lines.first?.text.hasPrefix("@") == true)
        #expect(!code.lines.contains { $0.text.contains("◀") }, "the mark is not shown as code")
    }

    @Test(arguments: Catalog.fixes.map { [$0.leak, $0.fix] })
    func eachFixPairDiffersInAFewLinesThatDecide(_ pair: [String]) throws {
        let first = try #require(OwnerCode(scenario: pair[0]))
        let second = try #require(OwnerCode(scenario: pair[1]))
        let diff = CodeDiff(first, second)
        #expect(diff.changesADecidingLine, "\(pair)")
        // A few lines: fewer changed than the shorter owner has, so most of the code is shared.
        let changed = diff.hunks.joined().filter { $0.op != " " }.count
        let fixPair = try #require(Catalog.fixes.first { $0.leak == pair[0] && $0.fix == pair[1] })
        // The nearest freed scenario, where the catalog has no closer one, says so instead.
        #expect(fixPair.nearest || changed < min(first.lines.count, second.lines.count), "\(pair): \(changed) lines changed")
        let leak = try #require(Catalog.scenario(named: pair[0]))
        let fix = try #require(Catalog.scenario(named: pair[1]))
        // The fix frees its owner and stops what it started; the pair's outcomes differ (the
        // owner's fate, or a loop left running after release).
        #expect(fix.expectation.onThisPlatform.owner == .freed, "\(pair)")
        #expect(fix.expectation.onThisPlatform.afterRelease == .stopped, "\(pair)")
        #expect(leak.expectation.onThisPlatform != fix.expectation.onThisPlatform)
        let leaked = leak.expectation.onThisPlatform
        let problem: FixPair.Problem = leaked.owner == .leaked ? .leakedOwner : leaked.helper == .leaked ? .leakedHelper : .loopLeftRunning
        #expect(fixPair.problem == problem, "\(pair)")
        #expect(fix.expectation.onThisPlatform.helper != .leaked, "\(pair)")
    }

    /// Every scenario whose owner leaks (here) has a pair that fixes it, from the catalog.
    @Test(arguments: Catalog.all.filter { $0.expectation.onThisPlatform.owner == .leaked }.map(\.name))
    func everyLeakHasAFixPair(_ name: String) {
        #expect(Catalog.fixes.contains { $0.leak == name && $0.problem == .leakedOwner }, "\(name) has no fix pair")
    }

    /// Every scenario whose helper leaks (here) has a pair that fixes it, from the catalog.
    @Test(arguments: Catalog.all.filter { $0.expectation.onThisPlatform.helper == .leaked }.map(\.name))
    func everyLeakedHelperHasAFixPair(_ name: String) {
        #expect(Catalog.fixes.contains { $0.leak == name && $0.problem == .leakedHelper }, "\(name) has no fix pair")
    }

    @Test func strongTargetMarksTargetSelf() throws {
        let text = ExplanationText.render(.strongTarget)
        let marked = text.split(separator: "\n").filter { $0.range(of: #"^ *[0-9]+ ▶ "#, options: .regularExpression) != nil }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("target: self") == true, "\(marked)")
        #expect(text.contains("timerlab diff strong-target explicit-invalidate"))
    }

    /// Each class a file declares is neutral in the comparison, a name inside another
    /// (`Poller` in `StrongPoller`) included: two files that differ only by their class names differ
    /// in nothing.
    @Test func classNamesInsideOthersAreNeutralToo() throws {
        func code(_ lines: [String]) throws -> OwnerCode {
            let numbered = lines.enumerated().map { ["number": $0.offset + 1, "text": $0.element, "decides": false] as [String: Any] }
            let json = try JSONSerialization.data(withJSONObject: ["file": "F.swift", "lines": numbered])
            return try JSONDecoder().decode(OwnerCode.self, from: json)
        }
        let strong = try code([
            "final class A {", "    let p = StrongPoller()", "}", "final class Poller {}", "final class StrongPoller {}",
        ])
        let weak = try code(["final class B {", "    let p = WeakPoller()", "}", "final class Poller {}", "final class WeakPoller {}"])
        #expect(CodeDiff(strong, weak).hunks.isEmpty)
    }

    /// Hunks carry unified-diff headers: where each starts in either file and the lines it spans.
    @Test func hunksHaveUnifiedDiffHeaders() throws {
        let diff = CodeDiff(try #require(OwnerCode(scenario: "strong-target")), try #require(OwnerCode(scenario: "explicit-invalidate")))
        let first = try #require(diff.hunks.first)
        // strong-target's lines 12 to 14 against explicit-invalidate's 12 to 18, where stop() is called.
        #expect(CodeDiff.header(first) == "@@ -12,3 +12,7 @@")
    }

    @Test func aDiffShowsTheMovedGuardAsARemovalAndAnAddition() throws {
        let diff = CodeDiff(try #require(OwnerCode(scenario: "task-guard-let")), try #require(OwnerCode(scenario: "task-weak-each")))
        let changes = diff.hunks.joined().filter { $0.op != " " }
        #expect(changes.contains { $0.op == "-" && $0.decides && $0.text.contains("guard let self else { return }") })
        #expect(changes.contains { $0.op == "+" && $0.decides && $0.text.contains("guard let self else { break }") })
        // Only what differs, with a little context: far fewer lines than either file.
        #expect(diff.hunks.joined().count < (OwnerCode(scenario: "task-guard-let")?.lines.count ?? 0))
    }

    @Test func aCallRewrappedByALongerClassNameIsNoChange() throws {
        let diff = CodeDiff(try #require(OwnerCode(scenario: "strong-target")), try #require(OwnerCode(scenario: "explicit-invalidate")))
        let changes = diff.hunks.joined().filter { $0.op != " " }
        // The one real change: viewWillDisappear() stops the timer. The class's own name and the
        // scheduledTimer call it re-wrapped are the same code.
        #expect(changes.allSatisfy { $0.op == "+" }, "\(changes)")
        #expect(changes.contains { $0.decides && $0.text.contains("stopPolling()") }, "\(changes)")
        #expect(!changes.contains { $0.text.contains("scheduledTimer") || $0.text.contains("class ") }, "\(changes)")
    }

    @Test func indentationAndBlankLinesAreNoChangeButAChangedWordIs() throws {
        func code(_ lines: [String]) -> OwnerCode {
            var code = try! #require(OwnerCode(scenario: "block-strong"))
            code.lines = lines.enumerated().map { OwnerCode.Line(number: $0.offset + 1, text: $0.element, decides: false) }
            return code
        }
        let before = code(["final class A {", "    f(x,", "      y)", "", "    g()", "}"])
        let after = code(["final class LongerB {", "        f(x, y)", "    g(z)", "}"])
        let changes = CodeDiff(before, after).hunks.joined().filter { $0.op != " " }
        #expect(changes.map(\.op) == ["-", "+"], "\(changes)")
        #expect(changes.map(\.text) == ["    g()", "    g(z)"], "\(changes)")
    }
}
