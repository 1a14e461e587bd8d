import TimerLab

/// `timerlab list`: the catalog with each scenario's expected outcome.
enum ListCommand {
    static func run(_ invocation: Invocation) throws(UsageError) -> ExitStatus {
        let (parsed, io, catalog) = (invocation.parsed, invocation.io, invocation.catalog)
        guard parsed.positionals.isEmpty else {
            throw UsageError(message: "list takes no arguments, but got '\(parsed.positionals[0])'", command: .list)
        }
        switch parsed.values["format"] ?? "text" {
        case "json": io.writeOut(ScenarioListing.json(catalog))
        case "tsv": io.writeOut(ScenarioListing.tsv(catalog))
        default: io.writeOut(ScenarioListing.text(catalog, style: io.style))
        }
        return .success
    }
}
