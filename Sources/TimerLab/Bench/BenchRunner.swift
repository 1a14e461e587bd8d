import Foundation

/// Runs the measurements asked for, one after another, and gathers what they found.
public enum BenchRunner {
    /// Measures `kinds` with `settings`; `progress` hears what is being measured.
    public static func run(
        _ kinds: [BenchKind], settings: BenchSettings, progress: @escaping (String) -> Void = { _ in }
    ) -> BenchReport {
        let date = ISO8601DateFormatter().string(from: Date())
        let measurements = kinds.map { kind -> Measurement in
            switch kind {
            case .memory: return MemoryBench.run(settings, progress: progress)
            case .stop: return StopBench.run(settings, progress: progress)
            case .cpu: return CPUBench.run(settings, progress: progress)
            case .accuracy: return AccuracyBench.run(settings, progress: progress)
            }
        }
        return BenchReport(machine: .current, date: date, measurements: measurements)
    }
}
