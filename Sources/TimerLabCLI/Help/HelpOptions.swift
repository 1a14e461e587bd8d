/// What `timerlab help` was asked to show: the manual page, one subcommand's help, or the overview.
enum HelpOptions: CommandOptions {
    static let declared = [Options.man.spec]

    case manual
    case command(any Subcommand.Type)
    case overview

    init(_ invocation: Invocation) throws(UsageError) {
        let parsed = invocation.parsed
        if parsed.has(Options.man) {
            guard parsed.positionals.isEmpty else {
                throw UsageError(message: "--man prints the whole manual; give no subcommand with it", command: .help)
            }
            self = .manual
        } else if let topic = parsed.positionals.first {
            self = .command(try Subcommands.named(topic, for: .help))
        } else {
            self = .overview
        }
    }
}
