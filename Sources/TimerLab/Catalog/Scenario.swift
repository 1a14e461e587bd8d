/// One reproducible situation from the articles: an owner that holds a timer, and what it must show.
///
/// A scenario is data plus a factory. The harness builds the owner with `makeOwner`, drives it and
/// observes what happens; `expectation` is only ever *compared* with that observation.
public struct Scenario: Sendable {
    /// The command-line name, such as `strong-target`.
    public let name: String
    /// The family of fixes or pitfalls the scenario belongs to.
    public let family: ScenarioFamily
    /// The articles the scenario comes from (see `Article`); empty for a Linux finding or a Swift
    /// concurrency scenario.
    public let articles: [Article]
    /// One sentence: what the owner does.
    public let summary: String
    /// What the articles claim, per platform.
    public let expectation: Expectation
    /// Where Linux behaves differently from the articles, and why; `nil` where it does not.
    public let linuxNote: String?
    /// Who holds whom, why the owner leaks or is freed, and the fix.
    public let explanation: Explanation
    /// What the harness runs: the owner's factory, its tick limit and the run loop mode.
    public let subject: Subject

    /// Creates a scenario; by default it has no Linux note, no tick limit, and runs in the default mode.
    public init(
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
        makeOwner: @escaping @Sendable (ScenarioContext) -> any ScenarioOwner
    ) {
        self.name = name
        self.family = family
        self.articles = articles
        self.summary = summary
        self.expectation = expectation
        self.linuxNote = linuxNote
        self.explanation = explanation
        self.subject = Subject(
            name: name, tickLimit: tickLimit, runLoopMode: runLoopMode, machinery: machinery ?? family.machinery,
            makeOwner: makeOwner)
    }

    /// The run loop mode the harness runs in while the scenario is alive.
    public var runLoopMode: HarnessMode { subject.runLoopMode }

    /// Builds the owner (the subject's factory).
    public var makeOwner: @Sendable (ScenarioContext) -> any ScenarioOwner { subject.makeOwner }

    /// The number of ticks the harness waits for before release: the request, capped by the tick limit.
    public func tickTarget(requested: Int) -> Int {
        subject.tickTarget(requested: requested)
    }
}
