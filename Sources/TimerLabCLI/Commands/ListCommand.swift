import TimerLab

/// `timerlab list`: the catalog with each scenario's expected outcome.
enum ListCommand {
    static func run(_ parsed: ParsedArguments, io: CommandIO) throws(UsageError) -> ExitStatus {
        guard parsed.positionals.isEmpty else {
            throw UsageError(message: "list takes no arguments, but got '\(parsed.positionals[0])'", command: .list)
        }
        switch parsed.values["format"] ?? "text" {
        case "json": io.writeOut(ScenarioListing.json(Catalog.all))
        case "tsv": io.writeOut(ScenarioListing.tsv(Catalog.all))
        default: io.writeOut(ScenarioListing.text(Catalog.all, style: io.style))
        }
        return .success
    }
}
