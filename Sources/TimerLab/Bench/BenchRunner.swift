import Foundation
import TimerLabHarness

/// Runs the measurements asked for, one after another, and gathers what they found.
package enum BenchRunner {
    /// What one `bench` run measured, and why it stopped early if it did.
    package struct Run: Sendable {
        /// Every figure measured; series not measured say why in their `cut`.
        package let report: BenchReport
        /// The refusal or overrun that stopped the run, if one did.
        package let failure: BenchFailure?
    }

    /// Measures `kinds` with `settings`; `progress` hears what is being measured.
    package static func run(
        _ kinds: [BenchKind], settings: BenchSettings, progress: @escaping (String) -> Void = { _ in }
    ) -> Run {
        let date = ISO8601DateFormatter().string(from: Date())
        let gate = BenchGate()
        let measurements = kinds.map { kind -> Measurement in
            switch kind {
            case .memory: return MemoryBench.run(settings, gate: gate, progress: progress)
            case .stop: return StopBench.run(settings, gate: gate, progress: progress)
            case .cpu: return CPUBench.run(settings, gate: gate, progress: progress)
            case .accuracy: return AccuracyBench.run(settings, gate: gate, progress: progress)
            }
        }
        return Run(report: BenchReport(machine: .current, date: date, measurements: measurements), failure: gate.firstFailure)
    }
}
