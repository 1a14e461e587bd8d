/// The manual page, in man(7) format, written from the command table: `timerlab help --man`.
enum ManualPage {
    static func render() -> String {
        var page = [
            #".TH TIMERLAB 1 "" "timerlab \#(TimerLabCommand.version)" "User Commands""#,
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
            text("""
                timerlab runs real Swift code: each scenario builds an owner (the articles' view controller) with \
                a timer, runs it on a run loop for N ticks, releases the owner, watches for a grace period, and \
                reports what it observed: was the owner freed, did the timer fire, is the timer still running. \
                Expected outcomes are data to compare against, never what is reported.
                """),
            ".SH COMMANDS",
        ]
        for spec in CommandSpec.all {
            page.append(#".SS "\#(escaped(spec.usage))""#)
            page.append(text(spec.overview))
            if let arguments = spec.arguments, let help = spec.argumentsHelp {
                page += [".TP", ".I \(escaped(arguments))", text(help)]
            }
            for option in spec.options {
                page += [".TP", ".B \(escaped(option.usage))", text(option.help)]
            }
        }
        page.append(".SH EXIT STATUS")
        for status in ExitStatus.allCases {
            page += [".TP", ".B \(status.rawValue)", text(status.summary)]
        }
        page += [
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", text("If set to anything, text output is never coloured (it is only coloured on a terminal anyway)."),
            ".TP", ".B TIMERLAB", text("The timerlab binary the scripts in the repository's scripts/ folder run (compare-scenarios.sh, stress-check.sh)."),
            ".TP", ".B TIMERLAB_CHECK_PARENT", text("Set by check for its children only: the parent's PID, so a child dies with its parent."),
            ".SH EXAMPLES",
            ".nf",
            escaped("timerlab leak strong-target"),
            escaped("timerlab leak --all --format svg > timeline.svg"),
            escaped("timerlab leak gcd --format events | jq ."),
            escaped("timerlab explain gcd-strong"),
            escaped("timerlab check --format junit --output check.xml"),
            escaped("source <(timerlab completion bash)"),
            escaped("timerlab help --man | man -l -"),
            ".fi",
            ".SH SEE ALSO",
            ".BR dot (1),",
            ".BR rsvg-convert (1),",
            ".BR jq (1)",
        ]
        return page.joined(separator: "\n") + "\n"
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
