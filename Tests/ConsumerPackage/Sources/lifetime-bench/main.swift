import Clocks
import Foundation
import TimerLabTesting

// Measures the public check: one check's wall time beyond its nominal running + grace (median of
// 50, one at a time); 50 checks started together against one check's wall time; one check of a
// main-actor type (median of 20) and 20 started together against it; and a main-actor task
// that does not use timerlab, alone and beside those 20 checks (issue 48: the checks leave the
// actor to other work); and one check of a freed tree (`TidyTree`, issue 60: every object the
// checked one alone kept is watched, the culprit search aside), median of 50; and a refresher
// a registry keeps, checked in a process with 200 MB of heap, past its patience until the
// registry is named (issue 66), median of 5. Prints `name<TAB>value` lines;
// scripts/lifetime-bench.sh runs it in release mode.
let (running, grace) = (Duration.milliseconds(30), Duration.milliseconds(20))
let nominal = (running + grace).seconds

/// One check of an object that is freed, off any actor; its wall time.
func timedFreedCheck<Object: AnyObject>(_ make: @escaping () -> Object, start: @escaping (Object) -> Void) async throws -> Double {
    let begin = ContinuousClock.now
    let report = try await Lifetime.check(with: LifetimeDefaults(running: running, grace: grace), make, start: start)
    precondition(report.freed, "\(report)")
    return begin.duration(to: .now).seconds
}

func oneCheck() async throws -> Double {
    try await timedFreedCheck({ CarefulPoller() }, start: { $0.start() })
}

@MainActor func oneMainActorCheck() async throws -> Double {
    let start = ContinuousClock.now
    let report = try await Lifetime.check(with: LifetimeDefaults(running: running, grace: grace)) {
        CarefulBanner()
    } start: {
        $0.start()
    }
    precondition(report.freed, "\(report)")
    return start.duration(to: .now).seconds
}

/// Twenty main-actor checks started together; their wall time.
func twentyMainActorChecks() async throws -> Double {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Double.self) { group in
        for _ in 0..<20 { group.addTask { try await oneMainActorCheck() } }
        for try await _ in group {}
    }
    return start.duration(to: .now).seconds
}

/// A test that does not use timerlab: 100 turns on the main actor, a millisecond apart; its wall time.
@MainActor func bystander() async -> Double {
    let start = ContinuousClock.now
    for _ in 0..<100 { try? await Task.sleep(for: .milliseconds(1)) }
    return start.duration(to: .now).seconds
}

/// Keeps 3,000 sources, one of which captures it: the check's cost on a large object.
final class SourceFleet: @unchecked Sendable {
    private var sources: [DispatchSourceTimer] = []
    func start() {
        for index in 0..<3000 {
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + .seconds(3600), repeating: .seconds(3600))
            source.setEventHandler(handler: index == 1500 ? { _ = self.sources.count } : {})
            source.resume()
            sources.append(source)
        }
    }
}

func threeThousandHolders() async throws -> Double {
    let start = ContinuousClock.now
    let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
        SourceFleet()
    } start: {
        $0.start()
    }
    precondition(!report.freed && !report.culpritGroup.isEmpty, "\(report)")
    return start.duration(to: .now).seconds
}

/// A cycle through a stored closure, with nothing running: a leak no wait frees (issue 50).
final class ClosureCycle: @unchecked Sendable {
    var onChange: (() -> Void)?
    func start() { onChange = { _ = self } }
}

/// How long past its nominal running + grace `check`, one check of a leak no wait frees with the
/// default patience (2 s), took: it must be judged at once.
func beyondGrace(_ check: () async throws -> LifetimeReport) async throws -> Double {
    let start = ContinuousClock.now
    let report = try await check()
    precondition(!report.freed && report.judgedWithoutPatience, "\(report)")
    return start.duration(to: .now).seconds - nominal
}

/// A cycle through a stored closure, past its grace.
func cycleBeyondGrace() async throws -> Double {
    try await beyondGrace {
        try await Lifetime.check(with: LifetimeDefaults(running: running, grace: grace)) {
            ClosureCycle()
        } start: {
            $0.start()
        }
    }
}

/// A leak whose source was cancelled before release (`Metronome`): nothing pending, and a
/// closure it keeps captures it (issue 50), past its grace.
func cancelledSourceBeyondGrace() async throws -> Double {
    try await beyondGrace {
        try await Lifetime.check(with: LifetimeDefaults(running: running, grace: grace)) {
            Metronome()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.stop()
        }
    }
}

/// One check of a freed tree (`TidyTree`), one at a time; its wall time.
func oneTreeCheck() async throws -> Double {
    try await timedFreedCheck({ TidyTree() }, start: { $0.start() })
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
var mainSingles: [Double] = []
for _ in 0..<20 { mainSingles.append(try await oneMainActorCheck()) }
let mainSingle = median(mainSingles)
let twentyMain = try await twentyMainActorChecks()
var alone: [Double] = []
var beside: [Double] = []
for _ in 0..<5 {
    alone.append(await bystander())
    async let checks = twentyMainActorChecks()
    beside.append(await bystander())
    _ = try await checks
}
var cycles: [Double] = []
for _ in 0..<11 { cycles.append(try await cycleBeyondGrace()) }
print("cycle_leak_beyond_grace_median_ms\t\(String(format: "%.1f", median(cycles) * 1000))")
var cancelled: [Double] = []
for _ in 0..<11 { cancelled.append(try await cancelledSourceBeyondGrace()) }
print("cancelled_source_leak_beyond_grace_median_ms\t\(String(format: "%.1f", median(cancelled) * 1000))")
var large: [Double] = []
for _ in 0..<5 { large.append(try await threeThousandHolders()) }
print("three_thousand_holders_median_ms\t\(String(format: "%.1f", median(large) * 1000))")
var outside: [Double] = []
for _ in 0..<5 { outside.append(try await heldFromOutsideBeyondPatience(heapMegabytes: 200)) }
print("held_from_outside_200mb_beyond_patience_median_ms\t\(String(format: "%.1f", median(outside) * 1000))")
var trees: [Double] = []
for _ in 0..<50 { trees.append(try await oneTreeCheck()) }
print("freed_tree_check_median_ms\t\(String(format: "%.1f", median(trees) * 1000))")
print("freed_tree_overhead_median_ms\t\(String(format: "%.1f", (median(trees) - nominal) * 1000))")
print("nominal_ms\t\(String(format: "%.1f", nominal * 1000))")
print("one_check_median_ms\t\(String(format: "%.1f", single * 1000))")
print("overhead_median_ms\t\(String(format: "%.1f", (single - nominal) * 1000))")
print("fifty_together_ms\t\(String(format: "%.1f", fifty * 1000))")
print("fifty_over_one\t\(String(format: "%.2f", fifty / single))")
print("main_actor_check_median_ms\t\(String(format: "%.1f", mainSingle * 1000))")
print("main_actor_over_off_actor\t\(String(format: "%.2f", mainSingle / single))")
print("twenty_main_actor_ms\t\(String(format: "%.1f", twentyMain * 1000))")
print("twenty_main_actor_over_one\t\(String(format: "%.2f", twentyMain / mainSingle))")
print("bystander_alone_median_ms\t\(String(format: "%.1f", median(alone) * 1000))")
print("bystander_beside_checks_median_ms\t\(String(format: "%.1f", median(beside) * 1000))")
print("bystander_beside_over_alone\t\(String(format: "%.2f", median(beside) / median(alone)))")
