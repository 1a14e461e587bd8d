/// What the articles claim a scenario shows, per platform: data to compare with, never to report.
public struct Expectation: Sendable, Equatable {
    /// The outcome expected on Linux, where timerlab runs.
    public let linux: Outcome
    /// The outcome the articles describe on Apple platforms.
    public let apple: Outcome

    /// An expectation that holds on every platform.
    public init(_ outcome: Outcome) {
        self.linux = outcome
        self.apple = outcome
    }

    /// An expectation that differs between Linux and Apple platforms.
    public init(linux: Outcome, apple: Outcome) {
        self.linux = linux
        self.apple = apple
    }

    /// Whether Linux and Apple platforms are expected to differ.
    public var differsByPlatform: Bool { linux != apple }

    /// The outcome expected on `platform`.
    public func on(_ platform: Platform) -> Outcome {
        platform == .linux ? linux : apple
    }

    /// The outcome expected on the platform this binary was built for.
    public var onThisPlatform: Outcome { on(.current) }
}

/// An expectation as one platform's outputs show it: that platform's three facts, and the other
/// platform's where they differ.
public struct ExpectedOutcome: Sendable, Equatable, Codable {
    public var owner: OwnerFate
    public var fired: Bool
    public var afterRelease: TimerState
    /// The platform whose expectation this is.
    public var platform: Platform
    /// The other platform's expectation where it differs; `null` in JSON where it does not.
    @Nullable public var otherPlatform: Outcome?

    /// `expectation` as it applies on `platform`.
    public init(_ expectation: Expectation, on platform: Platform = .current) {
        let here = expectation.on(platform)
        owner = here.owner
        fired = here.fired
        afterRelease = here.afterRelease
        self.platform = platform
        otherPlatform = expectation.differsByPlatform ? expectation.on(platform.other) : nil
    }

    /// The three facts.
    public var outcome: Outcome { Outcome(owner: owner, fired: fired, afterRelease: afterRelease) }
}
