/// How late ticks came against the ideal schedule `start + k × interval`, in milliseconds.
package struct Lateness: Sendable, Equatable, Codable {
    /// The median lateness.
    package var medianMs: Double
    /// The largest lateness.
    package var maxMs: Double

    private enum CodingKeys: String, CodingKey {
        case medianMs = "median"
        case maxMs = "max"
    }

    /// Creates a lateness summary.
    package init(medianMs: Double, maxMs: Double) {
        self.medianMs = medianMs
        self.maxMs = maxMs
    }

    /// Summarises ticks at `instants` of a timer started at `start` with `interval` seconds.
    package init?(instants: [ContinuousClock.Instant], start: ContinuousClock.Instant, interval: Double) {
        guard !instants.isEmpty else { return nil }
        let late = Self.milliseconds(instants, start: start, interval: interval).sorted()
        let middle = late.count / 2
        self.medianMs = late.count % 2 == 1 ? late[middle] : (late[middle - 1] + late[middle]) / 2
        self.maxMs = late.last!
    }
}

extension Lateness {
    /// How late each tick at `instants` came, in milliseconds, against `start + k × interval`
    /// for the k-th tick (k from 1): the one definition of lateness, for reports and the bench.
    package static func milliseconds(_ instants: [ContinuousClock.Instant], start: ContinuousClock.Instant, interval: Double) -> [Double] {
        instants.enumerated().map { index, instant in
            (start + .seconds(interval * Double(index + 1))).duration(to: instant).seconds * 1_000
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
