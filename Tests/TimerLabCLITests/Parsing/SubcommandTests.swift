import Testing
import TimerLab

@testable import TimerLabCLI

/// Each subcommand is one declaration: the options its spec lists are the options its options
/// type reads, no more and no fewer.
@Suite struct SubcommandTests {
    /// Positional arguments each command accepts, with every option it declares (leak has `--all`).
    static let positionals: [String: [String]] = [
        "diff": ["block-strong", "block-weak"], "explain": ["gcd"], "completion": ["bash"],
    ]

    /// A value each free-valued option accepts.
    static let samples = ["ticks": "3", "interval": "0.01", "grace": "2", "output": "-", "sizes": "10"]

    /// Every option declared, given: a flag as itself, a value as its sample or its first choice
    /// (the text format where there is one, which every other option works with).
    static func arguments(for spec: CommandSpec) -> [String] {
        spec.options.flatMap { option -> [String] in
            guard option.valueName != nil else { return ["--\(option.name)"] }
            let choices = option.choices ?? []
            let value = choices.contains("text") ? "text" : choices.first ?? samples[option.name] ?? "?"
            return ["--\(option.name)", value]
        }
    }

    @Test(arguments: Subcommands.names)
    func theOptionsItReadsAreTheOptionsItDeclares(_ name: String) throws {
        let command = try #require(Subcommands.named(name))
        let arguments = Self.arguments(for: command.spec) + (Self.positionals[name] ?? [])
        let parsed = try ParsedArguments(arguments, spec: command.spec)
        let invocation = Invocation(parsed: parsed, io: CapturedIO().io, catalog: Catalog.all)
        try command.readOptions(invocation)
        #expect(parsed.optionsRead == Set(command.spec.options.map(\.name)), "\(arguments)")
    }
}
