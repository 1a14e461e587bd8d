import TimerLab
import TimerLabHarness

/// A subcommand as data: what it is for, what it takes. Parsing and help both read it.
struct CommandSpec {
    /// The subcommands.
    enum Name: String, CaseIterable {
        case leak, list, check, explain, diff, bench, completion, help
    }

    /// What a command's positional arguments are, for completion.
    enum Positional {
        case none, scenarios, subcommands, shells, measurements
    }

    let name: Name
    /// One line for the subcommand list.
    let abstract: String
    /// A paragraph for the OVERVIEW of its help.
    let overview: String
    /// The positional arguments in the usage line, such as `<scenario>...`.
    let arguments: String?
    /// Help for the positional arguments.
    let argumentsHelp: String?
    /// What its positional arguments are.
    let positional: Positional
    /// The options it accepts.
    let options: [OptionSpec]
    /// Command lines that show it in use: its help and the manual page print these.
    var examples: [String] = []

    /// The option called `name`, if the command accepts it.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// How many positional arguments it takes at most (`<scenario> <scenario>`: 2); `nil` for any number.
    var maxPositionals: Int? {
        guard let arguments else { return 0 }
        return arguments.contains("...") ? nil : arguments.components(separatedBy: "<").count - 1
    }

    /// `timerlab leak <scenario>... [--all] ...`.
    var usage: String {
        let parts = ["timerlab", name.rawValue] + (arguments.map { [$0] } ?? []) + options.map { "[\($0.usage)]" }
        return parts.joined(separator: " ")
    }

    static func spec(_ name: Name) -> CommandSpec {
        all.first { $0.name == name }!
    }

    private static let runOptions: [OptionSpec] = [Options.ticks.spec, Options.interval.spec, Options.grace.spec]

    static let all: [CommandSpec] = [
        CommandSpec(
            name: .leak, abstract: "Run scenarios and report whether each owner was freed.",
            overview: """
                Builds each scenario's owner, runs its timer on a run loop until it has ticked N times, \
                releases the owner, keeps running for a grace period, and reports what it observed: \
                was the owner freed, did the timer fire, is it still running. Several scenarios run at \
                once, each on its own thread and run loop.
                """,
            arguments: "<scenario>...", argumentsHelp: "Scenario names, as 'timerlab list' prints them.",
            positional: .scenarios,
            options: [Options.all.spec] + runOptions + [LeakFormat.option.spec, Options.expect.spec, Options.explain.spec],
            examples: [
                "timerlab leak strong-target", "timerlab leak --all --format tsv",
                "timerlab leak --all --format svg > timeline.svg", "timerlab leak gcd --format events | jq .",
                "timerlab leak block-weak --ticks 10 --interval 0.005 --expect freed",
            ]),
        CommandSpec(
            name: .list, abstract: "List the scenarios with their family, articles and expected outcome.",
            overview: "Lists every scenario timerlab can run, with the outcome expected on this platform.",
            arguments: nil, argumentsHelp: nil, positional: .none,
            options: [ListFormat.option.spec]),
        CommandSpec(
            name: .check, abstract: "Run scenarios in isolation and fail if any differs from its expectation.",
            overview: """
                Runs the whole catalog (or the named scenarios), each in a child process of its own and \
                all at once, compares every observation with its expectation, and exits 1 if any \
                differs, crashed or timed out. Made for CI.
                """,
            arguments: "[<scenario>...]", argumentsHelp: "Scenario names; all of them if none is given.",
            positional: .scenarios,
            options: runOptions + [CheckFormat.option.spec, Options.output.spec],
            examples: ["timerlab check", "timerlab check --format junit --output check.xml"]),
        CommandSpec(
            name: .explain, abstract: "Show who holds whom in a scenario, why it leaks or not, and the fix.",
            overview: """
                Draws a scenario's reference graph (run loop, timer, intermediate, closure, owner), marks \
                the path or cycle that keeps the owner alive, and explains the leak, the fix and the article.
                """,
            arguments: "<scenario>", argumentsHelp: "A scenario name, as 'timerlab list' prints it.",
            positional: .scenarios,
            options: [ExplainFormat.option.spec],
            examples: ["timerlab explain gcd-strong", "timerlab explain strong-target --format dot | dot -Tsvg > graph.svg"]),
        CommandSpec(
            name: .diff, abstract: "Run two scenarios and show the lines of code that make the difference.",
            overview: """
                Runs both scenarios, as leak does, and shows what each observed beside the lines of \
                their owners' code that differ, with a little context, the lines that decide an outcome \
                marked. The pairs that explain names (such as strong-target and explicit-invalidate) \
                differ by the line or two that fix the leak.
                """,
            arguments: "<scenario> <scenario>", argumentsHelp: "Two scenario names, as 'timerlab list' prints them.",
            positional: .scenarios,
            options: [DiffFormat.option.spec],
            examples: ["timerlab diff task-guard-let task-weak-each", "timerlab diff block-strong block-weak --format json"]),
        CommandSpec(
            name: .bench, abstract: "Measure what a leak costs and how each timer mechanism scales.",
            overview: """
                Measures, in one run: memory (heap bytes still held per owner, K owners at once, leaked \
                and freed, less a control of bare owners), stop (the cost of invalidating K run-loop \
                timers in fire, reverse and random order, cancelling K dispatch sources and K tasks), \
                cpu (K leaked 10 ms timers firing: CPU and fires achieved) and accuracy (lateness of one \
                10 ms timer among K others). Each series has a time budget; one that would exceed it is \
                cut and says how far it got. Every figure is measured in this run.
                """,
            arguments: "[<measurement>...]", argumentsHelp: "memory, stop, cpu or accuracy; all four if none is given.",
            positional: .measurements,
            options: [Options.sizes.spec, BenchFormat.option.spec, Options.output.spec, Options.quick.spec],
            examples: ["timerlab bench --quick", "timerlab bench memory --format svg --output memory.svg"]),
        CommandSpec(
            name: .completion, abstract: "Print a shell completion script (bash, zsh or fish).",
            overview: """
                Prints a completion script for the shell: subcommands, their options, the values of \
                --format and --expect, scenario names and files for --output. Load it with \
                'source <(timerlab completion bash)', 'source <(timerlab completion zsh)' or \
                'timerlab completion fish | source'.
                """,
            arguments: "<shell>", argumentsHelp: "bash, zsh or fish.", positional: .shells, options: [],
            examples: ["source <(timerlab completion bash)"]),
        CommandSpec(
            name: .help, abstract: "Show help for a subcommand.",
            overview: "Shows help for timerlab or one of its subcommands.",
            arguments: "[<subcommand>]", argumentsHelp: "The subcommand to show help for.",
            positional: .subcommands,
            options: [Options.man.spec],
            examples: ["timerlab help --man | man -l -"]),
    ]
}
