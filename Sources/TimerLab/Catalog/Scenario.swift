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
    /// Who holds whom, why the owner leaks or is freed, and the fix; every catalog scenario has one.
    public let explanation: Explanation?
    /// How many ticks the timer can give at most (1 for a one-shot timer), or `nil` for no limit.
    public let tickLimit: Int?
    /// The run loop mode the harness runs in while the scenario is alive.
    public let runLoopMode: HarnessMode
    /// Builds the owner. The harness keeps the only strong reference to what this returns.
    public let makeOwner: @Sendable (ScenarioContext) -> any ScenarioOwner

    /// Creates a scenario; by default it has no Linux note, no explanation, no tick limit, and runs in
    /// the default mode.
    public init(
        name: String,
        family: ScenarioFamily,
        articles: [Article],
        summary: String,
        expectation: Expectation,
        linuxNote: String? = nil,
        explanation: Explanation? = nil,
        tickLimit: Int? = nil,
        runLoopMode: HarnessMode = .default,
        makeOwner: @escaping @Sendable (ScenarioContext) -> any ScenarioOwner
    ) {
        self.name = name
        self.family = family
        self.articles = articles
        self.summary = summary
        self.expectation = expectation
        self.linuxNote = linuxNote
        self.explanation = explanation
        self.tickLimit = tickLimit
        self.runLoopMode = runLoopMode
        self.makeOwner = makeOwner
    }

    /// The number of ticks the harness waits for before release: the request, capped by `tickLimit`.
    public func tickTarget(requested: Int) -> Int {
        min(requested, tickLimit ?? requested)
    }
}
