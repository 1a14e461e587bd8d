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
        options: LeakOptions.declared,
        examples: [
            "timerlab leak strong-target", "timerlab leak --all --format tsv",
            "timerlab leak --all --format svg > timeline.svg", "timerlab leak gcd --format events | jq .",
            "timerlab leak block-weak --ticks 10 --interval 0.005 --expect freed",
            "timerlab leak --all --format json --output leaks.json",
        ])

    static func run(_ options: LeakOptions, _ invocation: Invocation) throws -> ExitStatus {
        let io = invocation.io
        // Opened before anything runs, so a path that cannot be written fails at once.
        let output = try options.outputPath.map { try OutputFile.open($0, for: .leak) }
        let (completed, failures) = InProcessRuns.run(options.scenarios, settings: options.settings)
        let report = render(completed, options, style: output == nil ? io.style : .plain)
        try io.deliver(report, to: output, path: options.outputPath, format: options.format.rawValue)
        if let status = InProcessRuns.report(failures, io: io) {
            return status
        }
        if let expected = options.expectedFate {
            let others = completed.map(\.observation).compactMap { missed($0, expected) }
            if !others.isEmpty {
                // "Expected" is the catalog's word (the documented outcome); --expect is the caller's demand.
                io.fail("--expect \(expected.rawValue) was not met: \(others.joined(separator: ", ")) did not end \(expected.rawValue)")
                return .mismatch
            }
        }
        return .success
    }

    /// The scenario's name if it did not end as `expected`: a freed owner whose helper leaked did
    /// not end freed, since it left part of itself behind.
    private static func missed(_ observation: ScenarioObservation, _ expected: OwnerFate) -> String? {
        if observation.owner != expected { return observation.scenario }
        let helperLeaked: Bool = observation.helper == .leaked
        return expected == .freed && helperLeaked ? "\(observation.scenario) (its helper leaked)" : nil
    }

    /// The report in the format asked for.
    private static func render(
        _ completed: [(scenario: Scenario, observation: ScenarioObservation)], _ options: LeakOptions, style: TextStyle
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

extension CommandSpec.Name {
    /// `timerlab leak`.
    static let leak = Self(rawValue: "leak")
}
