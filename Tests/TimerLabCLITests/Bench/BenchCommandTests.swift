import Testing

@testable import TimerLabCLI

/// `bench`'s options, checked before anything is measured.
@Suite struct BenchCommandTests {
    @Test func anUnknownOptionOrAStrayNameIsAUsageErrorWithNothingOnStandardOutput() async {
        for arguments in [["bench", "--frobnicate"], ["bench", "strong-target"]] {
            let result = await runCommand(arguments)
            #expect(result.status == ExitStatus.usage.rawValue, "\(arguments)")
            #expect(result.out.isEmpty, "\(arguments)")
            #expect(result.err.hasPrefix("error: "), "\(arguments): \(result.err)")
        }
    }
}
