import Testing
import TimerLabHarness

@testable import TimerLabCLI

/// The help texts, whole: a change to any word of them is a change someone meant to make.
@Suite struct HelpTextTests {
    @Test func topLevelHelp() async {
        let result = await runCommand(["--help"])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(result.out == Self.topLevel + "\n")
    }

    @Test func leakHelp() async {
        for arguments in [["leak", "--help"], ["help", "leak"], ["leak", "-h"]] {
            let result = await runCommand(arguments)
            #expect(result.status == 0)
            #expect(result.err.isEmpty)
            #expect(result.out == Self.leak + "\n", "\(arguments)")
        }
    }

    @Test func noHelpLineIsWiderThanEightyColumns() async {
        for arguments in [["--help"]] + Subcommands.names.map({ [$0, "--help"] }) {
            let command = arguments.joined(separator: " ")
            let result = await runCommand(arguments)
            for line in result.out.split(separator: "\n") {
                #expect(line.count <= Help.width, "\(command): \(line)")
            }
        }
    }

    static let topLevel = """
        OVERVIEW: See how a timer keeps the object that owns it alive, and how each fix
        works or fails.

        Every scenario builds an owner with a timer, runs it on a run loop, releases
        the owner and reports what it observed. Try 'timerlab leak strong-target'.

        USAGE: timerlab <subcommand>

        OPTIONS:
          --version       Show the version.
          -h, --help      Show help information.

        SUBCOMMANDS:
          leak        Run scenarios and report whether each owner was freed.
          list        List the scenarios with their family, articles and expected
                      outcome.
          check       Run scenarios in isolation and fail if any differs from its
                      expectation.
          explain     Show who holds whom in a scenario, why it leaks or not, and the
                      fix.
          diff        Run two scenarios and show the lines of code that make the
                      difference.
          bench       Measure what a leak costs and how each timer mechanism scales.
          completion  Print a shell completion script (bash, zsh or fish).
          help        Show help for a subcommand.

          See 'timerlab help <subcommand>' for detailed help.
        """

    static let leak = """
        OVERVIEW: Builds each scenario's owner, runs its timer on a run loop until it
        has ticked N times, releases the owner, keeps running for a grace period, and
        reports what it observed: was the owner freed, did the timer fire, is it still
        running. Several scenarios run at once, each on its own thread and run loop;
        those of the main-actor family run one after another on the main thread, with
        the main run loop.

        USAGE: timerlab leak <scenario>... [--all] [--ticks <n>] [--interval <seconds>]
          [--grace <intervals>] [--format text|json|tsv|events|svg]
          [--expect freed|leaked] [--explain] [--output <file>]

        ARGUMENTS:
          <scenario>...             Scenario names, as 'timerlab list' prints them.

        OPTIONS:
          --all                     Run every scenario.
          --ticks <n>               Ticks to wait for before releasing the owner
                                    (1-10000; default 3).
          --interval <seconds>      The timer interval (0.001-60; default 0.01).
          --grace <intervals>       How long to watch after release, in intervals
                                    (1-10000; default 2); at least 1, because an
                                    intermediate stops its timer at the first tick after
                                    release.
          --format text|json|tsv|events|svg
                                    Output format (default text).
          --expect freed|leaked     Exit 1 unless every owner ended this way (freed:
                                    with every helper it made).
          --explain                 After each result, show who holds whom, why, and the
                                    fix (text format only).
          --output <file>           Write the report to this file ('-' for standard
                                    output).
          -h, --help                Show help information.

        EXAMPLES:
          timerlab leak strong-target
          timerlab leak --all --format tsv
          timerlab leak --all --format svg > timeline.svg
          timerlab leak gcd --format events | jq .
          timerlab leak block-weak --ticks 10 --interval 0.005 --expect freed
          timerlab leak --all --format json --output leaks.json

        """
}
