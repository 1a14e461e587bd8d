import Foundation
import TimerLab
import TimerLabHarness

/// `--ticks`, `--interval` and `--grace`: read into `RunSettings`, and written back for a child.
enum RunOptions {
    /// The settings given by `parsed`, defaults filling the rest, checked against their bounds.
    static func settings(from parsed: ParsedArguments, command: CommandSpec.Name) throws(UsageError) -> RunSettings {
        var settings = RunSettings.defaults
        if let text = parsed.value(Options.ticks) {
            settings.ticks = try wholeNumber(text, option: Options.ticks, bounds: RunSettings.ticksRange, command: command)
        }
        if let text = parsed.value(Options.interval) {
            settings.interval = try seconds(text, command: command)
        }
        if let text = parsed.value(Options.grace) {
            settings.grace = try wholeNumber(text, option: Options.grace, bounds: RunSettings.graceRange, command: command)
        }
        if let problem = settings.problem() {
            throw UsageError(message: sentence(for: problem, in: settings), command: command)
        }
        return settings
    }

    /// The options that give a child process exactly `settings`; `settings(from:)` reads them back.
    static func arguments(for settings: RunSettings) -> [String] {
        [
            "--\(Options.ticks.spec.name)", String(settings.ticks), "--\(Options.interval.spec.name)", String(settings.interval),
            "--\(Options.grace.spec.name)", String(settings.grace),
        ]
    }

    /// The command line's wording of a setting out of bounds.
    static func sentence(for problem: RunSettings.Problem, in settings: RunSettings) -> String {
        switch problem {
        case .ticks(let ticks):
            return "--ticks must be from \(RunSettings.ticksRange.lowerBound) to \(RunSettings.ticksRange.upperBound), not \(ticks)"
        case .interval(let interval):
            return
                """
                --interval must be from \(RunSettings.intervalRange.lowerBound) to \(Int(RunSettings.intervalRange.upperBound)) \
                seconds, not \(interval)
                """
        case .grace(let grace):
            return
                """
                --grace must be from \(RunSettings.graceRange.lowerBound) to \(RunSettings.graceRange.upperBound) intervals, not \
                \(grace) (an intermediate stops its timer at the first tick after release, so the harness must watch at least one \
                interval)
                """
        case .tooLong(let nominal):
            let limit = RunSettings.maximumNominalDuration
            return
                """
                a run of (\(settings.ticks) + \(settings.grace)) intervals × \(settings.interval) s would last \
                \(distinct(nominal, from: limit)) s; the limit is \(Int(limit)) s
                """
        }
    }

    /// `value` with as many decimals as it takes not to read as `other` (600.06, never 600).
    static func distinct(_ value: Double, from other: Double) -> String {
        for digits in 3...12 {
            let text = trimmed(String(format: "%.\(digits)f", value))
            if Double(text) != other {
                return text
            }
        }
        return String(value)
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func wholeNumber(
        _ text: String, option declared: ValueOption, bounds: ClosedRange<Int>, command: CommandSpec.Name
    ) throws(UsageError) -> Int {
        let option = declared.spec.name
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw UsageError(message: "--\(option) expects a whole number, not '\(text)'", command: command)
        }
        guard let value = Int(text) else {
            // Too many digits for an Int: out of any sensible range, so say so plainly.
            throw UsageError(
                message: "--\(option) must be from \(bounds.lowerBound) to \(bounds.upperBound), not \(text)",
                command: command)
        }
        return value
    }

    /// A plain decimal number of seconds: digits with an optional fraction and sign; no exponent,
    /// hexadecimal, `nan` or `inf`, which `Double(_:)` would all accept.
    private static func seconds(_ text: String, command: CommandSpec.Name) throws(UsageError) -> TimeInterval {
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let plain =
            !unsigned.isEmpty && unsigned != "." && parts.count <= 2
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard plain, let value = Double(text) else {
            throw UsageError(message: "--interval expects a number of seconds, such as 0.01, not '\(text)'", command: command)
        }
        return value
    }
}
