import TimerLabHarness

extension Outcome {
    /// The three facts in words, as every report prints them: `leaked, fired, running`.
    package var words: String { "\(owner.rawValue), \(firedWords), \(afterRelease.rawValue)" }

    /// Whether the timer fired, in words: `fired` or `never fired`.
    package var firedWords: String { fired ? "fired" : "never fired" }
}
