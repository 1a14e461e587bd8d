import Testing
import TimerLabHarness

@testable import TimerLabCLI

/// Every bad input: one `error:` line naming the problem, the usage, a pointer to help; exit 64;
/// nothing on standard output.
@Suite struct UsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["lek"], message: "unknown subcommand 'lek'; did you mean 'leak'?"),
        Case(arguments: ["--frobnicate"], message: "unknown option '--frobnicate'"),
        Case(arguments: ["leak"], message: "missing scenario; name one (see 'timerlab list') or use --all"),
        Case(arguments: ["leak", "strong-targt"], message: "unknown scenario 'strong-targt'; did you mean 'strong-target'?"),
        Case(arguments: ["leak", "autoinvalidate"], message: "did you mean 'proxy-autoinvalidate'?"),
        Case(arguments: ["leak", "zzzzzzzzzzzz"], message: "unknown scenario 'zzzzzzzzzzzz'; see 'timerlab list'"),
        Case(arguments: ["leak", "proxy", "--all"], message: "give scenario names or --all, not both"),
        Case(arguments: ["leak", "--all", "--ticks"], message: "missing value for '--ticks'; write '--ticks <n>'"),
        Case(arguments: ["leak", "--all", "--ticks", "--grace", "1"], message: "missing value for '--ticks'; write '--ticks <n>'"),
        Case(arguments: ["leak", "--all", "--ticks="], message: "missing value for '--ticks'; write '--ticks <n>'"),
        Case(arguments: ["leak", "--all", "--format"], message: "missing value for '--format'; choose from text, json, tsv, events, svg"),
        Case(arguments: ["leak", "gcd", "proxy", "gcd"], message: "scenario 'gcd' is named twice; each is run once"),
        Case(arguments: ["leak", "--all", "--ticks", "3", "--ticks", "4"], message: "option '--ticks' is given more than once"),
        Case(arguments: ["leak", "--all", "--all"], message: "option '--all' is given more than once"),
        Case(arguments: ["leak", "--all=yes"], message: "option '--all' takes no value"),
        Case(arguments: ["leak", "--all", "--ticks", "abc"], message: "--ticks expects a whole number, not 'abc'"),
        Case(arguments: ["leak", "--all", "--ticks", "3.5"], message: "--ticks expects a whole number, not '3.5'"),
        Case(arguments: ["leak", "--all", "--ticks", "0"], message: "--ticks must be from 1 to 10000, not 0"),
        Case(arguments: ["leak", "--all", "--ticks", "-1"], message: "--ticks must be from 1 to 10000, not -1"),
        Case(arguments: ["leak", "--all", "--ticks", "10001"], message: "--ticks must be from 1 to 10000, not 10001"),
        Case(
            arguments: ["leak", "--all", "--ticks", "99999999999999999999999"],
            message: "--ticks must be from 1 to 10000, not 99999999999999999999999"),
        Case(
            arguments: ["leak", "--all", "--interval", "nan"], message: "--interval expects a number of seconds, such as 0.01, not 'nan'"),
        Case(
            arguments: ["leak", "--all", "--interval", "inf"], message: "--interval expects a number of seconds, such as 0.01, not 'inf'"),
        Case(
            arguments: ["leak", "--all", "--interval", "1e999"],
            message: "--interval expects a number of seconds, such as 0.01, not '1e999'"),
        Case(arguments: ["leak", "--all", "--interval", "0"], message: "--interval must be from 0.001 to 60 seconds, not 0.0"),
        Case(arguments: ["leak", "--all", "--interval", "-0.01"], message: "--interval must be from 0.001 to 60 seconds, not -0.01"),
        Case(arguments: ["leak", "--all", "--interval", "0.0001"], message: "--interval must be from 0.001 to 60 seconds"),
        Case(arguments: ["leak", "--all", "--interval", "61"], message: "--interval must be from 0.001 to 60 seconds, not 61.0"),
        Case(
            arguments: ["leak", "--all", "--interval", "fast"],
            message: "--interval expects a number of seconds, such as 0.01, not 'fast'"),
        Case(arguments: ["leak", "--all", "--grace", "-1"], message: "--grace must be from 1 to 10000 intervals, not -1"),
        Case(
            arguments: ["check", "--grace", "0"],
            message:
                """
                --grace must be from 1 to 10000 intervals, not 0 (an intermediate stops its timer at the first tick after release, so \
                the harness must watch at least one interval)
                """
        ),
        Case(
            arguments: ["leak", "--all", "--interval", "0x10"],
            message: "--interval expects a number of seconds, such as 0.01, not '0x10'"),
        Case(
            arguments: ["leak", "--all", "--interval", "1e-2"],
            message: "--interval expects a number of seconds, such as 0.01, not '1e-2'"),
        Case(
            arguments: ["leak", "--all", "--interval", ".5."], message: "--interval expects a number of seconds, such as 0.01, not '.5.'"),
        Case(
            arguments: ["leak", "--all", "--ticks", "1", "--grace", "10000", "--interval", "0.06"],
            message: "a run of (1 + 10000) intervals × 0.06 s would last 600.06 s; the limit is 600 s"),
        Case(arguments: ["leak", "\u{1B}]0;title\u{7}"], message: "unknown scenario '\\u{1B}]0;title\\u{7}'"),
        Case(arguments: ["leak", "--all", "--grace", "two"], message: "--grace expects a whole number, not 'two'"),
        Case(
            arguments: ["leak", "--all", "--ticks", "10000", "--interval", "60"],
            message: "a run of (10000 + 2) intervals × 60.0 s would last 600120 s; the limit is 600 s"),
        Case(
            arguments: ["leak", "--all", "--format", "xml"],
            message: "'xml' is not a valid value for '--format' (choose from text, json, tsv, events, svg)"),
        Case(
            arguments: ["leak", "--all", "--format", "jsno"], message: "'jsno' is not a valid value for '--format'; did you mean 'json'?"),
        Case(
            arguments: ["leak", "--all", "--expect", "gone"],
            message: "'gone' is not a valid value for '--expect' (choose from freed, leaked)"),
        Case(arguments: ["leak", "--all", "--tick", "3"], message: "unknown option '--tick'; did you mean '--ticks'?"),
        Case(arguments: ["leak", "--all", "-t"], message: "unknown option '-t'"),
        Case(arguments: ["leak", "--all", "--json"], message: "unknown option '--json'; did you mean '--format json'?"),
        Case(arguments: ["list", "--tsv"], message: "unknown option '--tsv'; did you mean '--format tsv'?"),
        Case(arguments: ["list", "extra"], message: "list takes no arguments, but got 'extra'"),
        Case(arguments: ["list", "--format", "csv"], message: "'csv' is not a valid value for '--format'"),
        Case(arguments: ["check", "strong-targt"], message: "unknown scenario 'strong-targt'; did you mean 'strong-target'?"),
        Case(arguments: ["check", "--all"], message: "unknown option '--all'"),
        Case(
            arguments: ["check", "--format", "xml"],
            message: "'xml' is not a valid value for '--format' (choose from text, json, tsv, junit)"),
        Case(arguments: ["check", "--output"], message: "missing value for '--output'; write '--output <file>'"),
        Case(arguments: ["check", "--output", "/"], message: "--output '/' is a directory; give a file name"),
        Case(arguments: ["check", "--interval", "0"], message: "--interval must be from 0.001 to 60 seconds"),
        Case(arguments: ["explain"], message: "missing scenario; name one (see 'timerlab list')"),
        Case(arguments: ["explain", "proxy", "gcd"], message: "explain takes one scenario, but got 2"),
        Case(arguments: ["explain", "prxy"], message: "unknown scenario 'prxy'; did you mean 'proxy'?"),
        Case(
            arguments: ["explain", "proxy", "--format", "svg"],
            message: "'svg' is not a valid value for '--format' (choose from text, json, dot, mermaid)"),
        Case(
            arguments: ["leak", "proxy", "--explain", "--format", "json"],
            message: "--explain works with the text format only, not --format json"),
        Case(arguments: ["help", "nope"], message: "unknown subcommand 'nope'"),
        Case(arguments: ["help", "leak", "list"], message: "help takes one subcommand at most"),
    ]

    @Test(arguments: cases)
    func badInputExits64WithOneErrorLineAndAUsageHint(_ testCase: Case) async {
        let result = await runCommand(testCase.arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // One error line, the usage wrapped at 80 columns as help wraps it, the pointer to --help.
        #expect(lines.last == "", "stderr ends with a newline: \(result.err)")
        #expect(lines.first?.hasPrefix("error: ") == true)
        #expect(lines.first?.contains(testCase.message) == true, "got: \(lines.first ?? "")")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: timerlab") == true)
        #expect(lines.dropLast().last?.contains("--help' for more.") == true)
        #expect(lines.dropFirst().allSatisfy { $0.count <= 80 }, "stderr: \(result.err)")
        #expect(lines.dropFirst(2).dropLast(2).allSatisfy { $0.hasPrefix("  [") || $0.hasPrefix("  <") }, "stderr: \(result.err)")
    }

    @Test func theUsageHintNamesTheSubcommand() async {
        let result = await runCommand(["leak", "nope"])
        #expect(result.err.contains("Usage: timerlab leak <scenario>..."))
        #expect(result.err.contains("See 'timerlab leak --help' for more."))
    }
}
