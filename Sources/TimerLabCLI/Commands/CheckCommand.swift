import Foundation
import TimerLab

/// `timerlab check`: every scenario in a child process, compared with its expectation; exit 1 if any differs.
enum CheckCommand {
    static func run(_ invocation: Invocation) throws(UsageError) -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        let scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: false, allowEmpty: true, in: invocation.catalog, command: .check)
        let settings = try RunOptions.settings(from: parsed, command: .check)
        let output = try parsed.values["output"].map { path throws(UsageError) in try writableFile(path) }

        let started = ContinuousClock.now
        let runner = IsolatedRunner(executablePath: io.executablePath, settings: settings, environment: io.environment)
        let results = runner.run(scenarios)
        let summary = CheckSummary(results, seconds: started.duration(to: .now).seconds)

        let format = parsed.values["format"] ?? "text"
        let report: String
        switch format {
        case "json": report = CheckReport.json(results, summary: summary)
        case "tsv": report = CheckReport.tsv(results)
        case "junit": report = CheckReport.junit(results, summary: summary)
        default: report = CheckReport.text(results, summary: summary, style: output == nil ? io.style : .plain)
        }

        if let output {
            do {
                try report.write(to: output, atomically: true, encoding: .utf8)
            } catch {
                io.writeError("error: cannot write '\(output.path)': \(error.localizedDescription)\n")
                return .internalFailure
            }
            io.writeOut("wrote \(format) report to \(output.path): \(summary.line)\n")
        } else {
            io.writeOut(report)
        }
        if !summary.passed {
            let names = results.filter { !$0.passed }.map { "\($0.scenario) (\($0.status.rawValue))" }
            io.writeError("timerlab check: not as documented: \(names.joined(separator: ", "))\n")
            return .mismatch
        }
        return .success
    }

    /// The file to write to, checked before anything runs: its folder must exist and it must not be a folder.
    private static func writableFile(_ path: String) throws(UsageError) -> URL {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError(message: "--output '\(path)' is a directory; give a file name", command: .check)
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "--output '\(path)': no such directory '\(folder)'", command: .check)
        }
        return url
    }
}
