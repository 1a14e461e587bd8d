import TimerLabHarness

/// `timerlab help [subcommand]`: the same text as `--help`.
enum HelpCommand {
    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "help takes one subcommand at most", command: .help)
        }
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
        guard let name = CommandSpec.Name(rawValue: topic) else {
            let hint = Suggestion.hint(for: topic, in: CommandSpec.Name.allCases.map(\.rawValue), otherwise: "")
            throw UsageError(message: "unknown subcommand '\(topic)'\(hint)", command: .help)
        }
        try io.writeOut(Help.text(for: CommandSpec.spec(name)))
        return .success
    }
}
