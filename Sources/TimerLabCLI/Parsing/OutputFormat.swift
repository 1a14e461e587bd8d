import TimerLabHarness

/// A command's `--format` choices as an enum: its cases feed both the help and the parser.
protocol OutputFormat: RawRepresentable<String>, CaseIterable, Sendable {
    /// The format used when `--format` is not given.
    static var standard: Self { get }
}

extension OutputFormat {
    /// The `--format` option for this enum's cases.
    static var option: ValueOption {
        ValueOption("format", "format", choices: allCases.map(\.rawValue), "Output format (default \(standard.rawValue)).")
    }

    /// The format `parsed` asks for; the parser has already checked it is one of the cases.
    init(_ parsed: ParsedArguments) {
        self = parsed.value(Self.option).flatMap(Self.init(rawValue:)) ?? .standard
    }
}

/// `leak`'s formats.
enum LeakFormat: String, OutputFormat {
    case text, json, tsv, events, svg
    static let standard = LeakFormat.text
}

/// `list`'s formats.
enum ListFormat: String, OutputFormat {
    case text, json, tsv
    static let standard = ListFormat.text
}

/// `check`'s formats.
enum CheckFormat: String, OutputFormat {
    case text, json, tsv, junit
    static let standard = CheckFormat.text
}

/// `explain`'s formats.
enum ExplainFormat: String, OutputFormat {
    case text, json, dot, mermaid
    static let standard = ExplainFormat.text
}

/// `diff`'s formats.
enum DiffFormat: String, OutputFormat {
    case text, json
    static let standard = DiffFormat.text
}

/// `bench`'s formats.
enum BenchFormat: String, OutputFormat {
    case text, json, tsv, svg
    static let standard = BenchFormat.text
}
