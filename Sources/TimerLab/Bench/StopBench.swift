import Dispatch
import Foundation
import TimerLabHarness

/// What stopping K timers costs per timer: run-loop timers invalidated in fire order, reverse
/// order and at random; dispatch sources cancelled; tasks cancelled.
///
/// On Linux `CFRunLoopRemoveTimer` searches the mode's array of timers (kept in fire order), so the
/// order of invalidation decides the cost; the other mechanisms do not search.
enum StopBench {
    enum Order: String, CaseIterable {
        case fire = "fire order"
        case reverse = "reverse order"
        case random = "random order"
    }

    static func run(_ settings: BenchSettings, gate: BenchGate, progress: (String) -> Void) -> Measurement {
        var series: [Series] = []
        for order in Order.allCases {
            progress("stop: run loop, \(order.rawValue)")
            series.append(measure("run loop, \(order.rawValue)", settings, gate) { k, budget in runLoop(k, order, budget) })
        }
        progress("stop: dispatch sources")
        series.append(measure("dispatch sources", settings, gate, dispatchSources))
        progress("stop: tasks")
        series.append(measure("tasks", settings, gate, tasks))
        return Measurement(kind: .stop, unit: "microseconds per stop (invalidate or cancel)", series: series)
    }

    /// A series over the sizes; `body` returns the seconds it took and how many it stopped.
    private static func measure(
        _ label: String, _ settings: BenchSettings, _ gate: BenchGate,
        _ body: @escaping @Sendable (Int, Budget) -> (Double, Int)
    ) -> Series {
        let budget = Budget(seconds: settings.budget * 3)
        var points: [Point] = []
        for k in settings.largeSizes {
            guard let (seconds, stopped) = gate.measure(runLoops: 1, objects: k, limit: settings.budget * 3 + 10, { body(k, budget) })
            else { return Series(label: label, points: points, cut: gate.cut(at: k)) }
            guard stopped == k else {
                return Series(label: label, points: points, cut: Budget.cut(after: stopped, of: k))
            }
            points.append(Point(k: k, value: seconds / Double(k) * 1e6))
        }
        return Series(label: label, points: points)
    }

    private static func runLoop(_ k: Int, _ order: Order, _ budget: Budget) -> (Double, Int) {
        let base = Date().addingTimeInterval(3_600)
        let timers = (0..<k).map { index in
            let timer = Timer(fire: base.addingTimeInterval(Double(index) / 1_000), interval: 0, repeats: false) { _ in }
            RunLoop.current.add(timer, forMode: .default)
            return timer
        }
        let sequence: [Int]
        switch order {
        case .fire: sequence = Array(0..<k)
        case .reverse: sequence = Array((0..<k).reversed())
        case .random: sequence = Array(0..<k).shuffled()
        }
        return timed(sequence, budget) { timers[$0].invalidate() }
    }

    private static func dispatchSources(_ k: Int, _ budget: Budget) -> (Double, Int) {
        let queue = DispatchQueue(label: "timerlab.bench.stop")
        let sources = (0..<k).map { _ in
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(deadline: .now() + 3_600)
            source.setEventHandler {}
            source.resume()
            return source
        }
        return timed(Array(0..<k), budget) { sources[$0].cancel() }
    }

    private static func tasks(_ k: Int, _ budget: Budget) -> (Double, Int) {
        let tasks = (0..<k).map { _ in Task { try? await Task.sleep(for: .seconds(3_600)) } }
        return timed(Array(0..<k), budget) { tasks[$0].cancel() }
    }

    /// Runs `stop` over `sequence`, looking at the budget every 256 stops; seconds and count done.
    private static func timed(_ sequence: [Int], _ budget: Budget, _ stop: (Int) -> Void) -> (Double, Int) {
        let start = ContinuousClock.now
        var done = 0
        for index in sequence {
            stop(index)
            done += 1
            if done % 256 == 0, budget.isSpent { break }
        }
        return (start.duration(to: .now).seconds, done)
    }
}
