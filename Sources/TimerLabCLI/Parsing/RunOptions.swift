import Foundation
import TimerLab

/// Reads `--ticks`, `--interval` and `--grace` into `RunSettings`, with the bounds checked.
enum RunOptions {
    /// The settings given by `parsed`, defaults filling the rest.
    static func settings(from parsed: ParsedArguments, command: CommandSpec.Name) throws(UsageError) -> RunSettings {
        var settings = RunSettings.defaults
        if let text = parsed.values["ticks"] {
            settings.ticks = try wholeNumber(text, option: "ticks", command: command)
        }
        if let text = parsed.values["interval"] {
            settings.interval = try seconds(text, command: command)
        }
        if let text = parsed.values["grace"] {
            settings.grace = try wholeNumber(text, option: "grace", command: command)
        }
        if let problem = settings.problem() {
            throw UsageError(message: problem, command: command)
        }
        return settings
    }

    private static func wholeNumber(_ text: String, option: String, command: CommandSpec.Name) throws(UsageError) -> Int {
        if let value = Int(text) { return value }
        let digits = text.drop { $0 == "-" || $0 == "+" }
        if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            // Too many digits for an Int: out of any sensible range, so say so plainly.
            let bounds = option == "ticks" ? RunSettings.ticksRange : RunSettings.graceRange
            throw UsageError(
                message: "--\(option) must be from \(bounds.lowerBound) to \(bounds.upperBound), not \(text)",
                command: command)
        }
        throw UsageError(message: "--\(option) expects a whole number, not '\(text)'", command: command)
    }

    private static func seconds(_ text: String, command: CommandSpec.Name) throws(UsageError) -> TimeInterval {
        guard let value = Double(text), text.allSatisfy({ $0.isASCII }) else {
            throw UsageError(message: "--interval expects a number of seconds, such as 0.01, not '\(text)'", command: command)
        }
        guard value.isFinite else {
            throw UsageError(message: "--interval must be a finite number of seconds, not '\(text)'", command: command)
        }
        return value
    }
}
