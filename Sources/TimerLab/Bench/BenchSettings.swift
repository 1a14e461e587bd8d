import TimerLabHarness

/// How big and how long `timerlab bench` measures.
package struct BenchSettings: Sendable, Equatable {
    /// Sizes K for memory and stop.
    package var largeSizes: [Int]
    /// Sizes K for cpu and accuracy (their timers fire, so fewer).
    package var smallSizes: [Int]
    /// How long cpu watches its timers fire, in seconds.
    package var cpuWindow: Double
    /// How many ticks of the probe timer accuracy measures.
    package var accuracyTicks: Int
    /// The longest one series may take before it is cut, in seconds.
    package var budget: Double

    /// The full run: K = 1,000 to 100,000 (cpu and accuracy: 100 to 10,000).
    package static let standard = BenchSettings(
        largeSizes: [1_000, 10_000, 100_000], smallSizes: [100, 1_000, 10_000], cpuWindow: 1, accuracyTicks: 50,
        budget: 4)
    /// `--quick`: small sizes and short windows, to prove the command works.
    package static let quick = BenchSettings(
        largeSizes: [100, 1_000], smallSizes: [10, 100], cpuWindow: 0.2, accuracyTicks: 10, budget: 1)

    /// These settings with `sizes` for every measurement.
    package func with(sizes: [Int]) -> BenchSettings {
        var copy = self
        copy.largeSizes = sizes
        copy.smallSizes = sizes
        return copy
    }
}
