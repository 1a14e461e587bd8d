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

    /// Each command's arity comes from its declaration, checked by the parser before the command
    /// runs: one argument too many is refused for every command with a limit, in words made from it.
    @Test func theParserChecksEveryCommandsArity() throws {
        for spec in Subcommands.specs {
            guard let most = spec.maxPositionals else { continue }
            let tooMany = Array(repeating: "x", count: most + 1)
            #expect(throws: UsageError.arity(of: spec, given: tooMany), "\(spec.name.rawValue)") {
                try ParsedArguments(tooMany, spec: spec)
            }
            // With --help, the arguments do not matter: help is shown.
            #expect(try ParsedArguments(tooMany + ["--help"], spec: spec).wantsHelp)
        }
        #expect(UsageError.arity(of: ExplainCommand.spec, given: []).message == "missing scenario; name one (see 'timerlab list')")
        #expect(UsageError.arity(of: DiffCommand.spec, given: ["a"]).message.hasSuffix("but got 1"))
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
