import TimerLabHarness

extension Outcome {
    /// The facts in words, as every report prints them: `leaked, fired, running`, then
    /// `, helper leaked` where the owner made a helper.
    package var words: String { ownerWords + helperWords }

    /// The owner's and its timer's facts in words, `leaked, fired, running`, without the helper's.
    package var ownerWords: String { "\(owner.rawValue), \(firedWords), \(afterRelease.rawValue)" }

    /// The helper's fate as the words' last item, `, helper leaked`; empty where the owner made none.
    package var helperWords: String { helper.map { ", helper \($0.rawValue)" } ?? "" }

    /// Whether the timer fired, in words: `fired` or `never fired`.
    package var firedWords: String { fired ? "fired" : "never fired" }
}
