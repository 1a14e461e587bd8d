/// A command line split into positional arguments, option values and flags, checked against a spec.
struct ParsedArguments: Equatable {
    /// The positional arguments, in order.
    var positionals: [String] = []
    /// The options that took a value.
    var values: [String: String] = [:]
    /// The flags given.
    var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    var wantsHelp = false

    /// Splits `arguments` by `spec`: `--name value`, `--name=value`, flags, `--` ends options.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)'\(Self.suggestion(argument, spec))", command: spec.name)
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = spec.option(named: name) else {
                throw UsageError(message: "unknown option '--\(name)'\(Self.suggestion(name, spec))", command: spec.name)
            }
            if values[name] != nil || flags.contains(name) {
                throw UsageError(message: "option '--\(name)' is given more than once", command: spec.name)
            }
            guard option.valueName != nil else {
                if inlineValue != nil {
                    throw UsageError(message: "option '--\(name)' takes no value", command: spec.name)
                }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "missing value for '\(option.usage)'", command: spec.name)
            }
            if value.isEmpty {
                throw UsageError(message: "missing value for '\(option.usage)'", command: spec.name)
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    message: "'\(value)' is not a valid value for '--\(name)'\(Suggestion.hint(for: value, in: choices))",
                    command: spec.name)
            }
            values[name] = value
        }
    }

    private static func suggestion(_ name: String, _ spec: CommandSpec) -> String {
        let bare = String(name.drop { $0 == "-" })
        return Suggestion.closest(to: bare, in: spec.options.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
    }
}
