import Testing
import TimerLab
import TimerLabHarness

@testable import TimerLabCLI

/// Help, the completion scripts and the manual page are all written from one command table:
/// every subcommand and every option appears in each.
@Suite struct CommandTableTests {
    static let outputs: [(String, String)] = {
        var outputs = Shell.allCases.map { ($0.rawValue, $0.script(catalog: Catalog.all)) }
        outputs.append(("man", ManualPage.render()))
        outputs.append(("help", Help.topLevel() + Subcommands.specs.map { Help.text(for: $0) }.joined()))
        return outputs
    }()

    @Test(arguments: Subcommands.names)
    func everySubcommandAndOptionIsEverywhere(_ name: String) throws {
        let spec = try #require(Subcommands.named(name)).spec
        for (where_, text) in Self.outputs {
            let plain = text.replacingOccurrences(of: #"\-"#, with: "-")
            #expect(plain.contains(name), "\(name) missing from \(where_)")
            for option in spec.options {
                #expect(
                    plain.contains("--\(option.name)") || plain.contains("-l \(option.name)"), "--\(option.name) missing from \(where_)")
                for choice in option.choices ?? [] {
                    #expect(plain.contains(choice), "\(choice) missing from \(where_)")
                }
            }
        }
    }

    /// Dispatch reads the same list: each name runs the command that declares it, and the arity
    /// each declares is the most positionals its help's usage line shows.
    @Test func eachNameIsDeclaredOnceByTheCommandThatRunsIt() {
        #expect(Set(Subcommands.names).count == Subcommands.all.count)
        for command in Subcommands.all {
            #expect(Subcommands.named(command.spec.name.rawValue) == command)
            if let arguments = command.spec.arguments, let most = arguments.arity.most {
                #expect(arguments.usage.components(separatedBy: "<").count - 1 == most, "\(command.spec.name)")
            }
        }
    }

    @Test func everyScenarioCompletesInEveryShell() {
        for shell in Shell.allCases {
            let script = shell.script(catalog: Catalog.all)
            for scenario in Catalog.all {
                #expect(script.contains(scenario.name), "\(scenario.name) missing from \(shell)")
            }
        }
    }

    @Test func everyExitStatusIsInTheManualPage() {
        let page = ManualPage.render()
        for status in ExitStatus.allCases {
            #expect(page.contains(".B \(status.rawValue)\n"), "\(status.rawValue)")
        }
    }
}
