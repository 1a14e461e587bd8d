import TimerLab
import TimerLabHarness

/// A flag, declared once: the command table lists its spec, and commands ask the parse for it
/// through this value, so a renamed flag is a compile error wherever it is read.
struct Flag {
    let spec: OptionSpec

    init(_ name: String, _ help: String) {
        spec = .flag(name, help)
    }
}

/// An option that takes a value, declared once like `Flag`; its value is read through it.
struct ValueOption {
    let spec: OptionSpec

    init(_ name: String, _ valueName: String, choices: [String]? = nil, completesFiles: Bool = false, _ help: String) {
        spec = .value(name, valueName, choices: choices, completesFiles: completesFiles, help)
    }
}

/// Every option of every command but `--format` (declared per command by its format enum).
enum Options {
    static let all = Flag("all", "Run every scenario.")
    static let explain = Flag("explain", "After each result, show who holds whom, why, and the fix (text format only).")
    static let quick = Flag("quick", "Small sizes and short windows: proves the command works in seconds.")
    static let man = Flag("man", "Print the manual page (man(7) format); read it with 'timerlab help --man | man -l -'.")

    static let ticks = ValueOption(
        "ticks", "n",
        """
        Ticks to wait for before releasing the owner (\(RunSettings.ticksRange.lowerBound)-\(RunSettings.ticksRange.upperBound); \
        default \(RunSettings.defaults.ticks)).
        """
    )
    static let interval = ValueOption(
        "interval", "seconds",
        """
        The timer interval (\(RunSettings.intervalRange.lowerBound)-\(Int(RunSettings.intervalRange.upperBound)); default \
        \(RunSettings.defaults.interval)).
        """
    )
    static let grace = ValueOption(
        "grace", "intervals",
        """
        How long to watch after release, in intervals (\(RunSettings.graceRange.lowerBound)-\(RunSettings.graceRange.upperBound); \
        default \(RunSettings.defaults.grace)); at least 1, because an intermediate stops its timer at the first tick after release.
        """
    )
    static let expect = ValueOption(
        "expect", "fate", choices: OwnerFate.allCases.map(\.rawValue),
        "Exit 1 unless every owner ended this way (freed: with every helper it made).")
    static let sizes = ValueOption(
        "sizes", "k,k,...",
        "The sizes K to measure at (default 1000,10000,100000 for memory and stop, 100,1000,10000 for cpu and accuracy).")
    static let output = ValueOption(
        "output", "file", completesFiles: true, "Write the report to this file ('-' for standard output).")
}
