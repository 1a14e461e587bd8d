import TimerLabHarness

/// `timerlab help [subcommand]`: the same text as `--help`.
enum HelpCommand: Subcommand {
    static let spec = CommandSpec(
        name: .help, abstract: "Show help for a subcommand.",
        overview: "Shows help for timerlab or one of its subcommands.",
        arguments: CommandSpec.Arguments("[<subcommand>]", arity: .optionalOne, of: .subcommands, help: "The subcommand to show help for."),
        options: [Options.man.spec],
        examples: ["timerlab help --man | man -l -"])

    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        if parsed.has(Options.man) {
            guard parsed.positionals.isEmpty else {
                throw UsageError(message: "--man prints the whole manual; give no subcommand with it", command: .help)
            }
            try io.writeOut(ManualPage.render())
            return .success
        }
        guard let topic = parsed.positionals.first else {
            try io.writeOut(Help.topLevel())
            return .success
        }
        guard let command = Subcommands.named(topic) else {
            let hint = Suggestion.hint(for: topic, in: Subcommands.names, otherwise: "")
            throw UsageError(message: "unknown subcommand '\(topic)'\(hint)", command: .help)
        }
        try io.writeOut(Help.text(for: command.spec))
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab help`.
    static let help = Self(rawValue: "help")
}
