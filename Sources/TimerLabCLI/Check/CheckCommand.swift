import Foundation
import TimerLab
import TimerLabHarness

/// `timerlab check`: every scenario in a child process, compared with its expectation; exit 1 if any differs.
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: .check, abstract: "Run scenarios in isolation and fail if any differs from its expectation.",
        overview: """
            Runs the whole catalog (or the named scenarios), each in a child process of its own and \
            all at once, compares every observation with its expectation, and exits 1 if any \
            differs, crashed or timed out. Made for CI.
            """,
        arguments: CommandSpec.Arguments(
            "[<scenario>...]", arity: .optionalMany, of: .scenarios, help: "Scenario names; all of them if none is given."),
        options: CheckOptions.declared,
        examples: ["timerlab check", "timerlab check --format junit --output check.xml"])

    static func run(_ options: CheckOptions, _ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        // The report's file is opened before anything runs, so a path that cannot be written costs nothing.
        let output = try options.outputPath.map { try OutputFile.open($0, for: .check) }

        let started = ContinuousClock.now
        let startDate = Date()
        let runner = IsolatedRunner(executablePath: io.executablePath, options: options, environment: io.environment)
        let results: [CheckResult]
        switch runner.run() {
        case .interrupted(let signal):
            io.fail("interrupted by signal \(signal) (\(IsolatedRunner.signalName(signal))); every scenario's process was stopped")
            return .forSignal(signal)
        case .finished(let finished):
            results = finished
        }
        let summary = CheckSummary(results, seconds: started.duration(to: .now).seconds)

        let report: String
        switch options.format {
        case .json: report = CheckReport.json(results, summary: summary)
        case .tsv: report = CheckReport.tsv(results)
        case .junit: report = CheckReport.junit(results, summary: summary, started: startDate)
        case .text: report = CheckReport.text(results, summary: summary, style: output == nil ? io.style : .plain)
        }
        try io.deliver(report, to: output, path: options.outputPath, format: options.format.rawValue, note: summary.line)

        return verdict(results, summary: summary, io: io)
    }

    /// The exit status, with one line on standard error for anything but a pass.
    private static func verdict(_ results: [CheckResult], summary: CheckSummary, io: CommandIO) -> ExitStatus {
        let unrun = results.filter { $0.status == .error }
        if !unrun.isEmpty, unrun.allSatisfy(\.wasRefused),
            let first = unrun.first(where: { $0.detail?.hasPrefix(Supervision.notRunPrefix) == false }) ?? unrun.first
        {
            // One line however many: the system refused them all, for one reason or a few.
            io.fail("could not run \(unrun.count) of \(results.count) scenarios: the system refused what they need (\(first.detail ?? ""))")
            return .systemResources
        }
        if !unrun.isEmpty {
            io.fail("could not run: \(unrun.map { "\($0.scenario) (\($0.detail ?? ""))" }.joined(separator: ", "))")
            return .internalFailure
        }
        if !summary.allPassed {
            let names = results.filter { !$0.passed }.map { "\($0.scenario) (\($0.status.rawValue))" }
            io.fail("not as documented: \(names.joined(separator: ", "))")
            return .mismatch
        }
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab check`.
    static let check = Self(rawValue: "check")
}

extension CheckResult {
    /// Whether the child said the system refused it what a run needs (exit 71), or it was not
    /// started after such refusals.
    var wasRefused: Bool {
        guard status == .error, let detail else { return false }
        return detail.hasPrefix(IsolatedRunner.exitedPrefix(ExitStatus.systemResources.rawValue))
            || detail.hasPrefix(Supervision.notRunPrefix)
    }
}
