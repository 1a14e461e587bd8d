import Testing

@testable import TimerLabCLI

/// `diff`: two catalog scenarios whose code timerlab carries, checked before anything runs.
@Suite struct DiffCommandTests {
    @Test func twoScenariosAreComparedSideBySide() async {
        let result = await runCommand(["diff", "block-strong", "block-weak"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("block-strong"))
        #expect(result.out.contains("block-weak"))
        #expect(result.err.isEmpty)
    }

    @Test func oneNameOrAnUnknownOneIsAUsageErrorWithNothingOnStandardOutput() async {
        for arguments in [["diff", "block-strong"], ["diff", "block-strong", "no-such-scenario"]] {
            let result = await runCommand(arguments)
            #expect(result.status == ExitStatus.usage.rawValue, "\(arguments)")
            #expect(result.out.isEmpty, "\(arguments)")
            #expect(result.err.hasPrefix("error: "), "\(arguments): \(result.err)")
        }
    }
}
