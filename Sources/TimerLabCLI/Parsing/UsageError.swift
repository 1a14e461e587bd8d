import TimerLabHarness

/// A mistake on the command line: one sentence, and the command whose usage to show.
struct UsageError: Error, Equatable {
    /// What was wrong, without the `error: ` prefix.
    let message: String
    /// The command whose usage line and help to point at; `nil` for the top level.
    let command: CommandSpec.Name?
}

extension UsageError {
    /// Too many or too few positional arguments for `spec`, worded from its declaration.
    static func arity(of spec: CommandSpec, given positionals: [String]) -> UsageError {
        let name = spec.name.rawValue
        guard let arguments = spec.arguments else {
            return UsageError(message: "\(name) takes no arguments, but got '\(positionals[0])'", command: spec.name)
        }
        let noun = arguments.kind.noun
        let example = arguments.example.map { ", such as '\($0)'" } ?? ""
        let message: String
        switch arguments.arity {
        case .one where positionals.isEmpty:
            message = "missing \(noun); \(missingHint(for: arguments.kind))"
        case .one: message = "\(name) takes one \(noun)\(example), but got \(positionals.count)"
        case .two: message = "\(name) takes two \(noun)s\(example), but got \(positionals.count)"
        case .optionalOne: message = "\(name) takes one \(noun) at most"
        case .many, .optionalMany: message = "\(name) cannot take \(positionals.count) \(noun)s"
        }
        return UsageError(message: message, command: spec.name)
    }

    /// Where to find a value for a missing positional argument.
    private static func missingHint(for kind: CommandSpec.Positional) -> String {
        switch kind {
        case .shells: return "name one of \(Shell.allCases.map(\.rawValue).joined(separator: ", "))"
        case .subcommands: return "name one of \(Subcommands.names.joined(separator: ", "))"
        case .scenarios, .measurements, .none: return "name one (see 'timerlab list')"
        }
    }
}
