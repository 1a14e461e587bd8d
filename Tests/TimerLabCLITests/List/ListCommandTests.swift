import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab
@testable import TimerLabCLI

/// `list`: every scenario and the platform, within a terminal's width, run in-process.
@Suite struct ListCommandTests {
    @Test func listOnATerminalFitsItsWidthAndAPipeGetsTheTable() async {
        let terminal = await runCommand(["list"], isTerminal: true, environment: ["NO_COLOR": "1"])
        let pipe = await runCommand(["list"])
        let width = CommandIO.terminalColumns()
        #expect(terminal.status == 0 && pipe.status == 0)
        #expect(terminal.out.split(separator: "\n").allSatisfy { $0.count <= width }, "\(terminal.out)")
        #expect(pipe.out.split(separator: "\n").count == Catalog.all.count + 2)
    }

    @Test func listShowsEveryScenarioAndThePlatform() async {
        let text = await runCommand(["list"])
        #expect(text.status == 0)
        #expect(text.out.contains("Expected outcomes on Linux"))
        for scenario in Catalog.all {
            #expect(text.out.contains(scenario.name))
        }
        #expect(text.out.contains("leaked (Apple platforms: freed)"))
        let tsv = await runCommand(["list", "--format", "tsv"])
        #expect(tsv.out.split(separator: "\n").count == Catalog.all.count + 1)
        let json = await runCommand(["list", "--format", "json"])
        #expect(json.out.contains("\"scenarios\""))
    }
}
