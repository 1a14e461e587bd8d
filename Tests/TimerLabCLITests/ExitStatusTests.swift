import Foundation
import Testing
import TimerLabHarness

@testable import TimerLabCLI

/// The README's exit-status table lists every status the program can return, and nothing else.
@Suite struct ExitStatusTests {
    @Test func theReadmeTableListsEveryStatus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "| status | meaning |"))
        let documented = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.flatMap { row in
            (row.split(separator: "|").first ?? "").split(separator: ",").compactMap {
                Int32($0.trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(documented.sorted() == ExitStatus.allCases.map(\.rawValue).sorted())
    }
}
