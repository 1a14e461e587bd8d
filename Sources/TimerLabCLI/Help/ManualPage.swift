import TimerLabHarness

/// The manual page, in man(7) format, written from the command table: `timerlab help --man`.
enum ManualPage {
    static func render() -> String {
        (header + commands + exitStatus + environment + examples + seeAlso).joined(separator: "\n") + "\n"
    }

    private static var header: [String] {
        [
            #".TH TIMERLAB 1 \#(TimerLabCommand.releaseDate) "timerlab \#(TimerLabCommand.version)" "User Commands""#,
            ".SH NAME",
            #"timerlab \- see how a timer keeps the object that owns it alive, and how each fix works or fails"#,
            ".SH SYNOPSIS",
            ".B timerlab",
            ".I subcommand",
            ".RI [ options ]",
            ".br",
            ".B timerlab",
            #".BR \-\-help " | " \-\-version"#,
            ".SH DESCRIPTION",
            text(
                """
                timerlab runs real Swift code: each scenario builds an owner (the articles' view controller) with \
                a timer, runs it on a run loop for N ticks, releases the owner, watches for a grace period, and \
                reports what it observed: was the owner freed, did the timer fire, is the timer still running. \
                Expected outcomes are data to compare against, never what is reported.
                """),
        ]
    }

    /// A section per subcommand, from the command table.
    private static var commands: [String] {
        [".SH COMMANDS"]
            + Subcommands.specs.flatMap { spec in
                [#".SS "\#(escaped(spec.usage))""#, text(spec.overview)]
                    + (spec.arguments.map { [".TP", ".I \(escaped($0.usage))", text($0.help)] } ?? [])
                    + spec.options.flatMap { [".TP", ".B \(escaped($0.usage))", text($0.help)] }
            }
    }

    private static var exitStatus: [String] {
        [".SH EXIT STATUS"] + ExitStatus.allCases.flatMap { [".TP", ".B \($0.rawValue)", text($0.summary)] }
    }

    private static var environment: [String] {
        [
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR",
            text("If present and not empty (no-color.org), text output is never coloured (it is only coloured on a terminal anyway)."),
            ".TP", ".B TIMERLAB",
            text("The timerlab binary the scripts in the repository's scripts/ folder run (compare-scenarios.sh, flake-check.sh --check)."),
            ".TP", ".B TIMERLAB_CHECK_CHILD",
            text(
                """
                Set by check for its children only: its process id and their progress pipes, so a child dies with its parent and a \
                silent one is found; a value set by a user is ignored.
                """
            ),
        ]
    }

    /// Every subcommand's examples, as its help prints them.
    private static var examples: [String] {
        [".SH EXAMPLES", ".nf"] + Subcommands.specs.flatMap(\.examples).map(escaped) + [".fi"]
    }

    private static var seeAlso: [String] {
        [".SH SEE ALSO", ".BR dot (1),", ".BR rsvg-convert (1),", ".BR jq (1)"]
    }

    /// A paragraph: escaped, with a leading dot or quote protected so it is never read as a request.
    static func text(_ paragraph: String) -> String {
        let body = escaped(paragraph)
        return body.hasPrefix(".") || body.hasPrefix("'") ? #"\&"# + body : body
    }

    /// Text for roff: backslashes doubled, hyphens as minus signs (so options copy and paste).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: #"\"#, with: #"\e"#).replacingOccurrences(of: "-", with: #"\-"#)
            .replacingOccurrences(of: "\"", with: #"\(dq"#)
    }
}
