/// What `timerlab completion` was asked for: the shell.
struct CompletionOptions: CommandOptions {
    static let declared: [OptionSpec] = []

    let shell: Shell

    init(_ invocation: Invocation) throws(UsageError) {
        // The parser saw to it that there is exactly one.
        let name = invocation.parsed.positionals[0]
        guard let shell = Shell(rawValue: name) else {
            let shells = Shell.allCases.map(\.rawValue)
            throw UsageError(message: "unknown shell '\(name)'\(Suggestion.hint(for: name, in: shells))", command: .completion)
        }
        self.shell = shell
    }
}
