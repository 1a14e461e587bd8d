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

    /// The outcome expected on the platform this binary was built for.
    public var onThisPlatform: Outcome {
        #if os(Linux)
        return linux
        #else
        return apple
        #endif
    }

    /// The name of the platform whose expectation `onThisPlatform` is.
    public static var platformName: String {
        #if os(Linux)
        return "Linux"
        #else
        return "Apple platforms"
        #endif
    }
}
