import Clocks
import Foundation
import TimerLabTesting

// Measures the public check: one check's wall time beyond its nominal (ticks + grace) × interval
// (median of 50, one at a time), and 50 checks started together against one check's wall time.
// Prints `name<TAB>value` lines; scripts/lifetime-bench.sh runs it in release mode.
let (ticks, grace, interval) = (3, 2, Duration.milliseconds(10))
let nominal = Double(ticks + grace) * 0.01

func oneCheck() async throws -> Double {
    let start = ContinuousClock.now
    _ = try await Lifetime.check(ticks: ticks, interval: interval, grace: grace) { CarefulPoller() } start: { $0.start() }
    return start.duration(to: .now).seconds
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

_ = try await oneCheck()  // warm-up: the process's pools and the harness's one-time measurements
var singles: [Double] = []
for _ in 0..<50 { singles.append(try await oneCheck()) }
let single = median(singles)
let together = ContinuousClock.now
try await withThrowingTaskGroup(of: Double.self) { group in
    for _ in 0..<50 { group.addTask { try await oneCheck() } }
    for try await _ in group {}
}
let fifty = together.duration(to: .now).seconds
print("nominal_ms\t\(String(format: "%.1f", nominal * 1000))")
print("one_check_median_ms\t\(String(format: "%.1f", single * 1000))")
print("overhead_median_ms\t\(String(format: "%.1f", (single - nominal) * 1000))")
print("fifty_together_ms\t\(String(format: "%.1f", fifty * 1000))")
print("fifty_over_one\t\(String(format: "%.2f", fifty / single))")
