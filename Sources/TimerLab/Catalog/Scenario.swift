import TimerLabHarness

/// One reproducible situation from the articles: an owner that holds a timer, and what it must show.
///
/// A scenario is data plus a factory. The harness builds the owner with `makeOwner`, drives it and
/// observes what happens; `expectation` is only ever *compared* with that observation.
package struct Scenario: Sendable {
    /// The command-line name, such as `strong-target`.
    package let name: String
    /// The family of fixes or pitfalls the scenario belongs to.
    package let family: ScenarioFamily
    /// The articles the scenario comes from (see `Article`); empty for a Linux finding or a Swift
    /// concurrency scenario.
    package let articles: [Article]
    /// One sentence: what the owner does.
    package let summary: String
    /// What the articles claim, per platform.
    package let expectation: Expectation
    /// Where Linux behaves differently from the articles, and why; `nil` where it does not.
    package let linuxNote: String?
    /// Who holds whom, why the owner leaks or is freed, and the fix.
    package let explanation: Explanation
    /// What the harness runs: the owner's factory, its tick limit and the run loop mode.
    package let subject: Subject
    /// Builds the owner, in the articles' words (`viewDidLoad()`, `viewWillDisappear()`).
    package let makeOwner: @Sendable (RunContext) -> any ScenarioOwner

    /// Creates a scenario; by default it has no Linux note, no tick limit, and runs in the default mode.
    package init(
        name: String,
        family: ScenarioFamily,
        articles: [Article],
        summary: String,
        expectation: Expectation,
        linuxNote: String? = nil,
        explanation: Explanation,
        tickLimit: Int? = nil,
        runLoopMode: HarnessMode = .default,
        machinery: [Control.What]? = nil,
        makeOwner: @escaping @Sendable (RunContext) -> any ScenarioOwner
    ) {
        self.name = name
        self.family = family
        self.articles = articles
        self.summary = summary
        self.expectation = expectation
        self.linuxNote = linuxNote
        self.explanation = explanation
        self.makeOwner = makeOwner
        self.subject = Subject(
            name: name, tickLimit: tickLimit, runLoopMode: runLoopMode, machinery: machinery ?? family.machinery,
            isolation: family == .mainActor ? .mainActor : .ownThread,
            makeOwner: makeOwner)
    }

    /// The run loop mode the harness runs in while the scenario is alive.
    package var runLoopMode: HarnessMode { subject.runLoopMode }

    /// The number of ticks the harness waits for before release: the request, capped by the tick limit.
    package func tickTarget(requested: Int) -> Int {
        subject.tickTarget(requested: requested)
    }
}
