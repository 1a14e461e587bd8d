import TimerLab
import TimerLabHarness

/// `timerlab leak`: runs scenarios in this process and reports what each one showed.
enum LeakCommand: Subcommand {
    static let spec = CommandSpec(
        name: .leak, abstract: "Run scenarios and report whether each owner was freed.",
        overview: """
            Builds each scenario's owner, runs its timer on a run loop until it has ticked N times, \
            releases the owner, keeps running for a grace period, and reports what it observed: \
            was the owner freed, did the timer fire, is it still running. Several scenarios run at \
            once, each on its own thread and run loop; those of the main-actor family run one after \
            another on the main thread, with the main run loop.
            """,
        arguments: CommandSpec.Arguments(
            "<scenario>...", arity: .many, of: .scenarios, help: "Scenario names, as 'timerlab list' prints them."),
        options: [Options.all.spec] + CommandSpec.runOptions + [LeakFormat.option.spec, Options.expect.spec, Options.explain.spec],
        examples: [
            "timerlab leak strong-target", "timerlab leak --all --format tsv",
            "timerlab leak --all --format svg > timeline.svg", "timerlab leak gcd --format events | jq .",
            "timerlab leak block-weak --ticks 10 --interval 0.005 --expect freed",
        ])

    static func run(_ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        let options = try LeakOptions(invocation.parsed, catalog: invocation.catalog)
        let (completed, failures) = runAll(options.scenarios, settings: options.settings)
        try io.writeOut(render(completed, options, style: io.style))
        if let status = report(failures, io: io) {
            return status
        }
        if let expected = options.expectedFate {
            let others = completed.map(\.observation).filter { $0.owner != expected }.map(\.scenario)
            if !others.isEmpty {
                io.fail("expected every owner \(expected.rawValue), but not: \(others.joined(separator: ", "))")
                return .mismatch
            }
        }
        return .success
    }

    /// Runs every scenario asked for. Each result stays paired with its scenario, so explanations
    /// follow the right result even when a run in the middle fails.
    static func runAll(
        _ scenarios: [Scenario], settings: RunSettings
    ) -> ([(scenario: Scenario, observation: Observation)], [HarnessError]) {
        var completed: [(scenario: Scenario, observation: Observation)] = []
        var failures: [HarnessError] = []
        for (scenario, result) in zip(scenarios, Harness().run(scenarios, settings: settings)) {
            switch result {
            case .success(let observation): completed.append((scenario, observation))
            case .failure(let error): failures.append(error)
            }
        }
        return (completed, failures)
    }

    /// The report in the format asked for.
    private static func render(
        _ completed: [(scenario: Scenario, observation: Observation)], _ options: LeakOptions, style: TextStyle
    ) -> String {
        let observations = completed.map(\.observation)
        switch options.format {
        case .json: return JSONReport.render(observations)
        case .tsv: return TSVReport.render(observations)
        case .events: return EventLines.render(observations)
        case .svg: return TimelineSVG.render(observations)
        case .text:
            return completed.map { scenario, observation in
                TextReport.render(observation, style: style) + (options.explains ? "\n" + ExplanationText.render(scenario) : "")
            }.joined(separator: "\n")
        }
    }
}

extension LeakCommand {
    /// Writes one line per failure and returns the status they end the command with; `nil` if
    /// every run completed.
    static func report(_ failures: [HarnessError], io: CommandIO) -> ExitStatus? {
        lines(for: failures).forEach(io.fail)
        guard let failure = failures.first else { return nil }
        // A hang has a status of its own, so `check` can tell it from a failure to run.
        return failures.allSatisfy(\.isTimeout) ? .timedOut : failure.exitStatus
    }

    /// One line per failure, except that every run the system refused shares one line (however
    /// many reasons: a starved machine refuses a thread here and a descriptor there), so a
    /// shortage is always one line.
    static func lines(for failures: [HarnessError]) -> [String] {
        let refused = failures.filter(\.isResourceShortage)
        let others = failures.filter { !$0.isResourceShortage }.map(\.description)
        guard let first = refused.first else { return others }
        guard refused.count > 1 else { return others + [first.description] }
        var reasons: [String] = []
        for failure in refused where !reasons.contains(failure.shortageReason) {
            reasons.append(failure.shortageReason)
        }
        let names = refused.map(\.subjectName)
        return others + ["\(names.count) scenarios could not be run (\(names.joined(separator: ", "))): \(reasons.joined(separator: "; "))"]
    }
}

extension HarnessError {
    /// Whether the scenario ran but did not finish in time.
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// The exit status for a run that failed this way.
    var exitStatus: ExitStatus {
        if isResourceShortage { return .systemResources }
        return isTimeout ? .timedOut : .internalFailure
    }
}

extension CommandSpec.Name {
    /// `timerlab leak`.
    static let leak = Self(rawValue: "leak")
}

extension HarnessError {
    /// The subject the failure is about.
    var subjectName: String {
        switch self {
        case .timedOut(let name, _), .couldNotStart(let name, _), .didNotStart(let name), .controlFailed(let name, _): return name
        }
    }

    /// Why the system refused, without the subject's name.
    var shortageReason: String {
        switch self {
        case .couldNotStart(_, let reason): return reason
        case .controlFailed(_, let control):
            return "the \(control.what.rawValue) control did not tick \(control.phase.sentence): \(control.what.likelyCause)"
        case .timedOut, .didNotStart: return description
        }
    }
}
