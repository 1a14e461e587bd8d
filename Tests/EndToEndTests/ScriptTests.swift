import Foundation
import Testing
import TimerLabHarness

/// The stress and bench scripts' arguments and their reading of timerlab's output.
@Suite struct ScriptTests {
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/\(name)").path
    }

    static func run(_ name: String, _ arguments: [String], binary: BinaryRunner.Binary = .timerlab) async -> BinaryRunner.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["TIMERLAB"] = binary.url.path
        return await BinaryRunner.run(
            [script(name)] + arguments, executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
    }

    /// Every Swift listing of the README and the DocC catalog is the code of a compiled test or
    /// manifest of the consumer package, to the character.
    @Test func everyListingIsTheCodeItIsTakenFrom() async {
        let result = await Self.run("sync-listings.sh", ["--check"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("checked the listings of"), "\(result.out)")
    }

    @Test(arguments: ["stress-check.sh", "bench-check.sh"])
    func anEmptyRunCountIsRejectedNotTakenAsTheDefault(_ name: String) async {
        let result = await Self.run(name, [""])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("error: runs must be a positive whole number, not ''"))
    }

    @Test func stressCheckNamesWhatDifferedByColumnNameWithNoJunk() async {
        let result = await Self.run("stress-check.sh", ["1", "wrong-expectation", "gcd"], binary: .fixtures)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "run 1: wrong-expectation (differs) ",
                "1 runs of timerlab check with \(ProcessInfo.processInfo.activeProcessorCount) busy loops: 1 with a mismatch",
            ])
        #expect(result.err.contains("error: not as documented: wrong-expectation (differs)"))
    }
}
