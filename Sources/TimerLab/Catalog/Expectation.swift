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
