import TimerLab
import TimerLabHarness

/// `timerlab list`: the catalog with each scenario's expected outcome.
enum ListCommand: Subcommand {
    static let spec = CommandSpec(
        name: .list, abstract: "List the scenarios with their family, articles and expected outcome.",
        overview: "Lists every scenario timerlab can run, with the outcome expected on this platform.",
        arguments: nil,
        options: ListOptions.declared)

    static func run(_ options: ListOptions, _ invocation: Invocation) throws -> ExitStatus {
        let (io, catalog) = (invocation.io, invocation.catalog)
        switch options.format {
        case .json: try io.writeOut(ScenarioListing.json(catalog))
        case .tsv: try io.writeOut(ScenarioListing.tsv(catalog))
        case .text:
            // A pipe gets the whole table, one scenario a line; a terminal gets what fits it.
            let columns = io.outputIsTerminal ? io.style.width : nil
            try io.writeOut(ScenarioListing.text(catalog, style: io.style, fitting: columns))
        }
        return .success
    }
}

extension CommandSpec.Name {
    /// `timerlab list`.
    static let list = Self(rawValue: "list")
}
