import TimerLabHarness

/// One option a command accepts: its name, its value (if it takes one), and its help line.
struct OptionSpec: Equatable {
    /// The long name without dashes, such as `ticks`.
    let name: String
    /// The placeholder for its value in help (`n`, `seconds`), or `nil` for a flag.
    let valueName: String?
    /// The values it accepts, if they are a fixed list.
    let choices: [String]?
    /// Whether its value is a file name (for completion).
    let completesFiles: Bool
    /// The help text.
    let help: String

    /// A flag: present or not.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, choices: nil, completesFiles: false, help: help)
    }

    /// An option that takes a value.
    static func value(
        _ name: String, _ valueName: String, choices: [String]? = nil, completesFiles: Bool = false, _ help: String
    ) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, choices: choices, completesFiles: completesFiles, help: help)
    }

    /// How it appears in a usage line: `--ticks <n>`, `--format text|json`, `--all`.
    var usage: String {
        guard let valueName else { return "--\(name)" }
        return choices.map { "--\(name) \($0.joined(separator: "|"))" } ?? "--\(name) <\(valueName)>"
    }
}
