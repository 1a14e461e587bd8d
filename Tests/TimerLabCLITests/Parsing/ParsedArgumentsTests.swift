import Testing
import TimerLabHarness

@testable import TimerLabCLI

/// The parser splits by the spec: `--name value`, `--name=value`, flags, and `--`.
@Suite struct ParsedArgumentsTests {
    let leak = LeakCommand.spec

    @Test func acceptsBothValueSpellings() throws {
        let parsed = try ParsedArguments(["proxy", "--ticks", "5", "--interval=0.02"], spec: leak)
        #expect(parsed.positionals == ["proxy"])
        #expect(parsed.value(Options.ticks) == "5")
        #expect(parsed.value(Options.interval) == "0.02")
        #expect(parsed.value(Options.grace) == nil)
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        let parsed = try ParsedArguments(["--all", "--ticks", "-3"], spec: leak)
        #expect(parsed.value(Options.ticks) == "-3")
        #expect(parsed.has(Options.all))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ParsedArguments(["--", "--all"], spec: leak)
        #expect(parsed.positionals == ["--all"])
        #expect(!parsed.has(Options.all))
    }

    @Test func helpIsRecognisedAnywhere() throws {
        #expect(try ParsedArguments(["proxy", "-h"], spec: leak).wantsHelp)
        #expect(try ParsedArguments(["--help"], spec: leak).wantsHelp)
    }

    @Test func suggestionsFindTyposButNotNonsense() {
        #expect(Suggestion.closest(to: "strong-targt", in: ["strong-target", "weak-target"]) == "strong-target")
        #expect(Suggestion.closest(to: "gcd-strog", in: ["gcd", "gcd-strong"]) == "gcd-strong")
        #expect(Suggestion.closest(to: "qqqqqqqq", in: ["gcd", "proxy"]) == nil)
        #expect(Suggestion.distance("kitten", "sitting") == 3)
    }
}
