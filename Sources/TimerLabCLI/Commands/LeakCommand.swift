import TimerLab

/// `timerlab leak`: runs scenarios in this process and reports what each one showed.
enum LeakCommand {
    static func run(_ invocation: Invocation) throws(UsageError) -> ExitStatus {
        let (parsed, io) = (invocation.parsed, invocation.io)
        // Everything the command line says is checked before anything runs.
        let scenarios = try ScenarioSelection.scenarios(
            named: parsed.positionals, all: parsed.flags.contains("all"), allowEmpty: false,
            in: invocation.catalog, command: .leak)
        let settings = try RunOptions.settings(from: parsed, command: .leak)
        let expectedFate = parsed.values["expect"].flatMap(OwnerFate.init(rawValue:))
        let format = parsed.values["format"] ?? "text"
        let explains = parsed.flags.contains("explain")
        if explains, format != "text" {
            throw UsageError(message: "--explain works with the text format only, not --format \(format)", command: .leak)
        }

        // Each result stays paired with its scenario, so explanations follow the right result even
        // when a run in the middle fails.
        var completed: [(scenario: Scenario, record: RunRecord)] = []
        var failures: [HarnessError] = []
        for (scenario, result) in zip(scenarios, Harness().run(scenarios, settings: settings)) {
            switch result {
            case .success(let observation): completed.append((scenario, RunRecord(observation)))
            case .failure(let error): failures.append(error)
            }
        }
        let records = completed.map(\.record)

        switch format {
        case "json": io.writeOut(JSONReport.render(records))
        case "tsv": io.writeOut(TSVReport.render(records))
        default:
            let blocks = completed.map { scenario, record in
                TextReport.render(record, style: io.style) + (explains ? "\n" + ExplanationText.render(scenario) : "")
            }
            io.writeOut(blocks.joined(separator: "\n"))
        }
        for failure in failures {
            io.writeError("error: \(failure)\n")
        }
        if !failures.isEmpty {
            return .internalFailure
        }
        if let expectedFate, records.contains(where: { $0.owner != expectedFate.rawValue }) {
            let names = records.filter { $0.owner != expectedFate.rawValue }.map(\.scenario)
            io.writeError("timerlab: expected every owner \(expectedFate.rawValue), but not: \(names.joined(separator: ", "))\n")
            return .mismatch
        }
        return .success
    }
}
