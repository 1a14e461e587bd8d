import TimerLab
import TimerLabCLI

// `timerlab` with test-only scenarios added, so tests can prove that `check` reports what goes
// wrong in a child: a wrong expectation, a crash, a hang, a process that stops itself.
TimerLabCommand.main(catalog: Catalog.all + Fixtures.all)
