/// What the harness runs: an owner to build, how many ticks it can give, and the mode to run in.
///
/// A subject knows nothing of articles or expectations: the catalog makes each scenario into a
/// subject (`Scenario.subject`), and a user's own type can become one the same way.
public struct Subject: Sendable {
    /// The name runs and errors are reported under.
    public let name: String
    /// How many ticks the subject's timer can give at most (1 for a one-shot timer), or `nil` for no limit.
    public let tickLimit: Int?
    /// The run loop mode the harness runs in while the owner is alive.
    public let runLoopMode: HarnessMode
    /// The machinery its timer runs on: the run's controls watch these, and only these decide
    /// whether a negative fact is an observation (a run loop stalled for a while says nothing
    /// about a dispatch source that did not fire).
    public let machinery: [Control.What]
    /// Whether the owner counts its own ticks through the probe, as every catalog scenario does.
    /// A user's type does not: the harness then runs exactly `ticks` intervals before release
    /// and, for a leaked owner, stops what it found in the type one at a time to name the culprit.
    public let countsTicks: Bool
    /// Builds the owner. The harness keeps the only strong reference to what this returns.
    public let makeOwner: @Sendable (ScenarioContext) -> any ScenarioOwner

    /// Creates a subject; by default it has no tick limit, runs in the default mode, and is
    /// watched on all three pieces of machinery (its timer may be on any of them).
    public init(
        name: String, tickLimit: Int? = nil, runLoopMode: HarnessMode = .default,
        machinery: [Control.What] = Control.What.machinery, countsTicks: Bool = true,
        makeOwner: @escaping @Sendable (ScenarioContext) -> any ScenarioOwner
    ) {
        self.countsTicks = countsTicks
        self.name = name
        self.tickLimit = tickLimit
        self.runLoopMode = runLoopMode
        self.machinery = Control.What.machinery.filter(machinery.contains)
        self.makeOwner = makeOwner
    }

    /// The number of ticks the harness waits for before releasing: the request, capped by `tickLimit`.
    public func tickTarget(requested: Int) -> Int {
        min(requested, tickLimit ?? requested)
    }
}
