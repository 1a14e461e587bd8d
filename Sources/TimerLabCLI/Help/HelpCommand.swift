import TimerLabHarness

/// `timerlab help [subcommand]`: the same text as `--help`.
enum HelpCommand: Subcommand {
    static let spec = CommandSpec(
        name: .help, abstract: "Show help for a subcommand.",
        overview: "Shows help for timerlab or one of its subcommands.",
        arguments: CommandSpec.Arguments("[<subcommand>]", arity: .optionalOne, of: .subcommands, help: "The subcommand to show help for."),
        options: HelpOptions.declared,
        examples: ["timerlab help --man | man -l -"])

    static func run(_ options: HelpOptions, _ invocation: Invocation) throws -> ExitStatus {
        switch options {
        case .manual: try invocation.io.writeOut(ManualPage.render())
        case .command(let command): try invocation.io.writeOut(Help.text(for: command.spec))
        case .overview: try invocation.io.writeOut(Help.topLevel())
        }
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab help`.
    static let help = Self(rawValue: "help")
}
