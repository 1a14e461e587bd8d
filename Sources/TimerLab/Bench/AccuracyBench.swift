import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// How late one 10 ms timer ticks while K others share its run loop, queue or executor: lateness
/// of each fire against its ideal time, median, p99 and max, in milliseconds.
enum AccuracyBench {
    static let interval = 0.01

    static func run(_ settings: BenchSettings, gate: BenchGate, progress: (String) -> Void) -> Measurement {
        let mechanisms: [(String, @Sendable (Int, Int) -> [Double])] = [
            ("run loop", runLoop), ("GCD queue", dispatch), ("tasks", tasks),
        ]
        var series: [Series] = []
        for (label, body) in mechanisms {
            var points: [Point] = []
            var cut: String?
            for k in settings.smallSizes {
                progress("accuracy: \(label), K = \(k)")
                let ticks = settings.accuracyTicks
                guard let measured = gate.measure(runLoops: 1, objects: k, limit: waitLimit(ticks: ticks) + 10, { body(k, ticks) }) else {
                    cut = gate.cut(at: k)
                    break
                }
                let late = measured.sorted()
                guard !late.isEmpty else {
                    cut = "no tick of the probe timer within \(String(format: "%.0f", waitLimit(ticks: ticks))) s at K = \(k)"
                    break
                }
                func quantile(_ q: Double) -> Double { late[min(late.count - 1, Int(Double(late.count - 1) * q))] }
                points.append(Point(k: k, value: quantile(0.5), secondary: quantile(0.99), tertiary: late.last))
            }
            series.append(Series(label: label, points: points, cut: cut))
        }
        return Measurement(
            kind: .accuracy, unit: "milliseconds late, one 10 ms timer among K others (median; p99; max)",
            series: series)
    }

    /// How long a point waits for its `ticks` ticks: twenty times their due time, and a second.
    private static func waitLimit(ticks: Int) -> Double {
        Double(ticks) * interval * 20 + 1
    }

    private static func runLoop(_ k: Int, _ count: Int) -> [Double] {
        let others = (0..<k).map { _ in Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in } }
        // Appended to by the probe timer and read by the loop below, both on this thread's run loop.
        final class Instants: @unchecked Sendable { var values: [ContinuousClock.Instant] = [] }
        let instants = Instants()
        let start = ContinuousClock.now
        let probe = Timer(fire: Date().addingTimeInterval(interval), interval: interval, repeats: true) { _ in
            instants.values.append(.now)
        }
        RunLoop.current.add(probe, forMode: .default)
        let deadline = start + .seconds(waitLimit(ticks: count))
        while instants.values.count < count, ContinuousClock.now < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(interval))
        }
        probe.invalidate()
        others.forEach { $0.invalidate() }
        return Lateness.milliseconds(Array(instants.values.prefix(count)), start: start, interval: interval)
    }

    private static func dispatch(_ k: Int, _ count: Int) -> [Double] {
        let queue = DispatchQueue(label: "timerlab.bench.accuracy")
        let others = (0..<k).map { _ in
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler {}
            source.resume()
            return source
        }
        let instants = Mutex<[ContinuousClock.Instant]>([])
        let done = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        let probe = DispatchSource.makeTimerSource(queue: queue)
        probe.schedule(deadline: .now() + interval, repeating: interval)
        probe.setEventHandler {
            if instants.withLock({
                $0.append(.now)
                return $0.count
            }) == count {
                done.signal()
            }
        }
        probe.resume()
        _ = done.wait(timeout: .now() + waitLimit(ticks: count))
        probe.cancel()
        others.forEach { $0.cancel() }
        return Lateness.milliseconds(instants.withLock { Array($0.prefix(count)) }, start: start, interval: interval)
    }

    private static func tasks(_ k: Int, _ count: Int) -> [Double] {
        let others = (0..<k).map { _ in
            Task {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(interval)) }
            }
        }
        // The probe sleeps until each ideal instant (so it does not drift) and records how late it woke.
        let late = Mutex<[Double]>([])
        let done = DispatchSemaphore(value: 0)
        let probe = Task {
            let start = ContinuousClock.now
            for index in 1...count {
                let due = start + .seconds(interval * Double(index))
                try? await Task.sleep(until: due, clock: .continuous)
                let now = ContinuousClock.now
                late.withLock { $0.append(due.duration(to: now).seconds * 1_000) }
            }
            done.signal()
        }
        _ = done.wait(timeout: .now() + waitLimit(ticks: count))
        probe.cancel()
        others.forEach { $0.cancel() }
        return late.withLock { $0 }
    }
}
