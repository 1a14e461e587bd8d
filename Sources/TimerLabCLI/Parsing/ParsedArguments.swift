import TimerLabHarness

/// A command line split into positional arguments, option values and flags, checked against a spec.
struct ParsedArguments: Equatable {
    /// The positional arguments, in order.
    var positionals: [String] = []
    /// The options that took a value, by name: read through `value(_:)` with the option's declaration.
    private var values: [String: String] = [:]
    /// The flags given, by name: read through `has(_:)` with the flag's declaration.
    private var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    var wantsHelp = false
    /// The options read so far, given or not, by name: a test checks a command reads each it declares.
    private let reads = ReadLog()

    /// Splits `arguments` by `spec`: `--name value`, `--name=value`, flags, `--` ends options.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "-h" || argument == "--help" {
                wantsHelp = true
            } else {
                try take(option: argument, from: &rest, spec: spec)
            }
        }
        if !wantsHelp {
            try spec.checkArity(of: positionals)
        }
    }

    /// Reads one `--name` or `--name=value` (and the value after it, if it takes one).
    private mutating func take(option argument: String, from rest: inout ArraySlice<String>, spec: CommandSpec) throws(UsageError) {
        func fail(_ message: String) -> UsageError { UsageError(message: message, command: spec.name) }
        guard argument.hasPrefix("--") else {
            throw fail("unknown option '\(argument)'\(Self.suggestion(argument, spec))")
        }
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = spec.option(named: name) else {
            throw fail("unknown option '--\(name)'\(Self.suggestion(name, spec))")
        }
        guard values[name] == nil, !flags.contains(name) else {
            throw fail("option '--\(name)' is given more than once")
        }
        guard option.valueName != nil else {
            guard inlineValue == nil else { throw fail("option '--\(name)' takes no value") }
            flags.insert(name)
            return
        }
        let value = inlineValue ?? (rest.first.map { $0.hasPrefix("--") } == false ? rest.popFirst() : nil)
        guard let value, !value.isEmpty else {
            let values = option.choices.map { "; choose from \($0.joined(separator: ", "))" } ?? "; write '\(option.usage)'"
            throw fail("missing value for '--\(name)'\(values)")
        }
        if let choices = option.choices, !choices.contains(value) {
            throw fail("'\(value)' is not a valid value for '--\(name)'\(Suggestion.hint(for: value, in: choices))")
        }
        values[name] = value
    }

    private static func suggestion(_ name: String, _ spec: CommandSpec) -> String {
        let bare = String(name.drop { $0 == "-" })
        // `--json` for `--format json`: a value of an option, given as an option of its own.
        if let option = spec.options.first(where: { $0.choices?.contains(bare) == true }) {
            return "; did you mean '--\(option.name) \(bare)'?"
        }
        return Suggestion.hint(for: bare, in: spec.options.map(\.name), spelled: { "--\($0)" }, otherwise: "")
    }
}

extension ParsedArguments {
    /// Equal when they hold the same arguments, whatever has been read of them.
    static func == (lhs: Self, rhs: Self) -> Bool {
        (lhs.positionals, lhs.values, lhs.flags, lhs.wantsHelp) == (rhs.positionals, rhs.values, rhs.flags, rhs.wantsHelp)
    }

    /// The names of the options read so far.
    var optionsRead: Set<String> { reads.names }

    /// Whether `flag` was given.
    func has(_ flag: Flag) -> Bool {
        reads.names.insert(flag.spec.name)
        return flags.contains(flag.spec.name)
    }

    /// The value given for `option`, if it was given.
    func value(_ option: ValueOption) -> String? {
        reads.names.insert(option.spec.name)
        return values[option.spec.name]
    }

    /// `--output`'s path: `nil` when it was not given or was `-` (standard output).
    var outputPath: String? {
        value(Options.output).flatMap { $0 == "-" ? nil : $0 }
    }
}

/// The names of the options a command has read: a reference, so reading through a copy counts.
///
/// Parsing and reading happen on the one thread that runs the command.
private final class ReadLog {
    var names: Set<String> = []
}
