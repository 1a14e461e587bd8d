import TimerLabHarness

/// What the articles claim a scenario shows, per platform: data to compare with, never to report.
package struct Expectation: Sendable, Equatable {
    /// The outcome expected on Linux, where timerlab runs.
    package let linux: Outcome
    /// The outcome the articles describe on Apple platforms.
    package let apple: Outcome

    /// An expectation that holds on every platform.
    package init(_ outcome: Outcome) {
        self.linux = outcome
        self.apple = outcome
    }

    /// An expectation that differs between Linux and Apple platforms.
    package init(linux: Outcome, apple: Outcome) {
        self.linux = linux
        self.apple = apple
    }

    /// Whether Linux and Apple platforms are expected to differ.
    package var differsByPlatform: Bool { linux != apple }

    /// The outcome expected on `platform`.
    package func on(_ platform: Platform) -> Outcome {
        platform == .linux ? linux : apple
    }

    /// The outcome expected on the platform this binary was built for.
    package var onThisPlatform: Outcome { on(.current) }
}

/// An expectation as one platform's outputs show it: that platform's facts, and the other
/// platform's where they differ.
package struct ExpectedOutcome: Sendable, Equatable, Codable {
    package var owner: OwnerFate
    package var fired: Bool
    package var afterRelease: TimerState
    /// The helper's fate, where the owner makes one; `null` in JSON where it does not.
    @Nullable package var helper: OwnerFate?
    /// The platform whose expectation this is.
    package var platform: Platform
    /// The other platform's expectation where it differs; `null` in JSON where it does not.
    @Nullable package var otherPlatform: Outcome?

    /// `expectation` as it applies on `platform`.
    package init(_ expectation: Expectation, on platform: Platform = .current) {
        let here = expectation.on(platform)
        owner = here.owner
        fired = here.fired
        afterRelease = here.afterRelease
        helper = here.helper
        self.platform = platform
        otherPlatform = expectation.differsByPlatform ? expectation.on(platform.other) : nil
    }

    /// The facts.
    package var outcome: Outcome { Outcome(owner: owner, fired: fired, afterRelease: afterRelease, helper: helper) }
}
