import TimerLab
import TimerLabHarness

/// The help texts, laid out as swift-argument-parser does: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum Help {
    /// `timerlab --help`.
    static func topLevel() -> String {
        let width = Subcommands.names.map(\.count).max()! + 2
        let subcommands = Subcommands.specs.map {
            "  " + WordWrap.padded($0.name.rawValue, to: width)
                + wrapped($0.abstract, indent: 2 + width, firstLineWidth: Self.width - 2 - width)
        }
        return """
            OVERVIEW: See how a timer keeps the object that owns it alive, and how each fix
            works or fails.

            Every scenario builds an owner with a timer, runs it on a run loop, releases
            the owner and reports what it observed. Try 'timerlab leak strong-target'.

            USAGE: timerlab <subcommand>

            OPTIONS:
              --version       Show the version.
              -h, --help      Show help information.

            SUBCOMMANDS:
            \(subcommands.joined(separator: "\n"))

              See 'timerlab help <subcommand>' for detailed help.

            """
    }

    /// `timerlab <subcommand> --help`.
    static func text(for spec: CommandSpec) -> String {
        var text = wrapped("OVERVIEW: \(spec.overview)", indent: 0) + "\n\n" + wrappedUsage("USAGE:", spec) + "\n"
        if let arguments = spec.arguments {
            text += "\nARGUMENTS:\n" + row(arguments.usage, arguments.help) + "\n"
        }
        text += "\nOPTIONS:\n"
        for option in spec.options {
            text += row(option.usage, option.help) + "\n"
        }
        text += row("-h, --help", "Show help information.") + "\n"
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        return text + "\n"
    }

    /// The three lines a usage error prints on standard error; user input in it is shown escaped.
    static func errorText(for error: UsageError) -> String {
        let line = "error: " + TerminalText.escaped(error.message) + "\n"
        guard let command = error.command else {
            return line + "Usage: timerlab <subcommand> [<options>]\n  See 'timerlab --help' for more.\n"
        }
        guard let spec = Subcommands.named(command.rawValue)?.spec else { return line }
        return line + wrappedUsage("Usage:", spec) + "\n  See 'timerlab \(command.rawValue) --help' for more.\n"
    }

    /// The width help is wrapped to, as swift-argument-parser wraps it.
    static let width = 80

    private static func row(_ name: String, _ help: String) -> String {
        let column = 28
        let label = "  " + name
        let body = wrapped(help, indent: column, firstLineWidth: width - column)
        if label.count < column - 1 {
            return WordWrap.padded(label, to: column) + body
        }
        return label + "\n" + String(repeating: " ", count: column) + body
    }

    /// `prefix` and the usage line of `spec`, wrapped between its items, never inside one:
    /// `[--expect freed|leaked]` stays on one line.
    static func wrappedUsage(_ prefix: String, _ spec: CommandSpec) -> String {
        indented(WordWrap.lines(words: ([prefix] + spec.usageItems).map { Substring($0) }, width: width - 2, firstWidth: width), by: 2)
    }

    /// `text` broken at spaces into lines of at most `width` columns; lines after the first are
    /// indented by `indent` spaces.
    static func wrapped(_ text: String, indent: Int, firstLineWidth: Int = width) -> String {
        indented(WordWrap.lines(text, width: width - indent, firstWidth: firstLineWidth), by: indent)
    }

    /// `lines` joined, each after the first indented by `indent` spaces.
    private static func indented(_ lines: [String], by indent: Int) -> String {
        lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
