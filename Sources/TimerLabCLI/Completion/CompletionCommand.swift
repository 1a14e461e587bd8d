import TimerLabHarness

/// `timerlab completion bash|zsh|fish`: prints the completion script for that shell.
enum CompletionCommand {
    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        let shells = Shell.allCases.map(\.rawValue)
        guard let name = parsed.positionals.first else {
            throw UsageError(message: "missing shell; name one of \(shells.joined(separator: ", "))", command: .completion)
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(message: "completion takes one shell, but got \(parsed.positionals.count)", command: .completion)
        }
        guard let shell = Shell(rawValue: name) else {
            throw UsageError(message: "unknown shell '\(name)'\(Suggestion.hint(for: name, in: shells))", command: .completion)
        }
        try io.writeOut(shell.script(catalog: invocation.catalog))
        return .success
    }
}
