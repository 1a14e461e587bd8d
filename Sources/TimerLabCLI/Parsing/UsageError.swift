import TimerLabHarness

/// A mistake on the command line: one sentence, and the command whose usage to show.
struct UsageError: Error, Equatable {
    /// What was wrong, without the `error: ` prefix.
    let message: String
    /// The command whose usage line and help to point at; `nil` for the top level.
    let command: CommandSpec.Name?
}
