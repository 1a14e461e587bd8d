import TimerLabHarness

/// A time budget for one series: past it, a measurement stops and says how far it got.
struct Budget {
    let seconds: Double
    private let start = ContinuousClock.now

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Whether the budget is spent.
    var isSpent: Bool { start.duration(to: .now).seconds > seconds }

    /// `over budget after N of K`.
    static func cut(after done: Int, of total: Int) -> String {
        "over budget after \(done) of \(total)"
    }
}
