// Every scenario file reads like the article's code, with the harness's names (`ScenarioContext`,
// `Outcome`) in scope and no import line of timerlab's own: the catalog re-exports its engine.
@_exported import TimerLabHarness

/// What the harness hands a scenario's owner (the run's interval, probe and queue), in the
/// catalog's words.
public typealias ScenarioContext = RunContext
