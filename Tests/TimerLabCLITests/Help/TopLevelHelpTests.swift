import Foundation
import Testing
import TimerLabHarness

@testable import TimerLab
@testable import TimerLabCLI

/// The top-level help, a subcommand's help in its three spellings, and `--version`, run in-process.
@Suite struct TopLevelHelpTests {
    @Test func helpAndVersion() async {
        let top = await runCommand([])
        #expect(top.status == 0)
        #expect(top.out.hasPrefix("OVERVIEW:"))
        #expect(top.out.contains("SUBCOMMANDS:"))
        for arguments in [["leak", "--help"], ["help", "leak"], ["leak", "-h"]] {
            let help = await runCommand(arguments)
            #expect(help.status == 0)
            #expect(help.out.contains("USAGE: timerlab leak <scenario>..."))
            #expect(help.out.contains("OPTIONS:"))
            #expect(help.err.isEmpty)
        }
        let version = await runCommand(["--version"])
        #expect(version.out == "timerlab \(TimerLabCommand.version)\n")
    }
}
