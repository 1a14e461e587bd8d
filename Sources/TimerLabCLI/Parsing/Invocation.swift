import TimerLab
import TimerLabHarness

/// Everything a subcommand runs with: its parsed arguments, where to write, and the scenarios it knows.
struct Invocation {
    /// The arguments after the subcommand's name, split by its spec.
    let parsed: ParsedArguments
    /// Standard output and error, and what the command knows of its surroundings.
    let io: CommandIO
    /// The scenarios this binary knows: the catalog, plus fixtures in the test binary.
    let catalog: [Scenario]
}
