import TimerLabHarness

/// `timerlab completion bash|zsh|fish`: prints the completion script for that shell.
enum CompletionCommand: Subcommand {
    static let spec = CommandSpec(
        name: .completion, abstract: "Print a shell completion script (bash, zsh or fish).",
        overview: """
            Prints a completion script for the shell: subcommands, their options, the values of \
            --format and --expect, scenario names and files for --output. Load it with \
            'source <(timerlab completion bash)', 'source <(timerlab completion zsh)' or \
            'timerlab completion fish | source'.
            """,
        arguments: CommandSpec.Arguments("<shell>", arity: .one, of: .shells, help: "bash, zsh or fish."),
        options: CompletionOptions.declared,
        examples: ["source <(timerlab completion bash)"])

    static func run(_ options: CompletionOptions, _ invocation: Invocation) throws -> ExitStatus {
        try invocation.io.writeOut(options.shell.script(catalog: invocation.catalog))
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab completion`.
    static let completion = Self(rawValue: "completion")
}
