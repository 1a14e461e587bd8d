import TimerLabHarness

extension Outcome {
    /// The facts in words, as every report prints them: `leaked, fired, running`, then
    /// `, helper leaked` where the owner made a helper.
    package var words: String {
        "\(owner.rawValue), \(firedWords), \(afterRelease.rawValue)" + (helper.map { ", helper \($0.rawValue)" } ?? "")
    }

    /// Whether the timer fired, in words: `fired` or `never fired`.
    package var firedWords: String { fired ? "fired" : "never fired" }
}
