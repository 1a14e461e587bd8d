import Glibc
import TimerLab
import TimerLabCLI
import TimerLabHarness

// `TimerLabFixtures --exec-with-no-arguments PATH` replaces itself with PATH started with no
// arguments at all (argc 0), which no shell can do: the start-up test's tool.
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--exec-with-no-arguments" {
    var none: [UnsafeMutablePointer<CChar>?] = [nil]
    execv(arguments[2], &none)
    perror("execv")
    exit(127)
}

// `TimerLabFixtures --starved-executor-check` checks an object whose task's cancel takes every
// thread of Swift's executor (`StarvedExecutorCheck`).
if arguments.count == 2, arguments[1] == "--starved-executor-check" {
    exit(StarvedExecutorCheck.run())
}

// `timerlab` with test-only scenarios added, so tests can prove that `check` reports what goes
// wrong in a child: a wrong expectation, a crash, a hang, a process that stops itself.
TimerLabCommand.main(catalog: Catalog.all + Fixtures.all)
