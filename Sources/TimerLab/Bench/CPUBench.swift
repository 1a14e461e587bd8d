import Dispatch
import Foundation
import Synchronization

/// What K leaked 10 ms timers cost after their owners are gone: CPU (percent of one core) over a
/// fixed window, and the share of the fires asked for that happened.
enum CPUBench {
    static let interval = 0.01

    static func run(_ settings: BenchSettings, progress: (String) -> Void) -> Measurement {
        let mechanisms: [(String, @Sendable (Int, Double, FireCounter) -> Void)] = [
            ("run loop", runLoop), ("one GCD queue", { k, w, fires in dispatch(k, w, fires, perOwner: false) }),
            ("a queue per owner", { k, w, fires in dispatch(k, w, fires, perOwner: true) }), ("task loops", tasks),
        ]
        var series: [Series] = []
        for (label, body) in mechanisms {
            var points: [Point] = []
            for k in settings.smallSizes {
                progress("cpu: \(label), K = \(k)")
                let window = settings.cpuWindow
                let measured = onFreshThread { () -> (Double, Int) in
                    let fires = FireCounter()
                    let before = processCPUSeconds()
                    body(k, window, fires)
                    return (processCPUSeconds() - before, fires.value)
                } ?? (0, 0)
                let requested = Double(k) * window / interval
                points.append(Point(k: k, value: measured.0 / window * 100, secondary: Double(measured.1) / requested * 100))
            }
            series.append(Series(label: label, points: points))
        }
        return Measurement(
            kind: .cpu, unit: "percent of one core while K leaked 10 ms timers fire (and percent of requested fires achieved)",
            series: series)
    }

    private static func runLoop(_ k: Int, _ window: Double, _ fires: FireCounter) {
        let timers = (0..<k).map { _ in
            Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in fires.add() }
        }
        RunLoop.current.run(until: Date().addingTimeInterval(window))
        timers.forEach { $0.invalidate() }
    }

    private static func dispatch(_ k: Int, _ window: Double, _ fires: FireCounter, perOwner: Bool) {
        let shared = DispatchQueue(label: "timerlab.bench.cpu")
        let sources = (0..<k).map { index in
            let source = DispatchSource.makeTimerSource(queue: perOwner ? DispatchQueue(label: "timerlab.bench.cpu.\(index)") : shared)
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { fires.add() }
            source.resume()
            return source
        }
        Thread.sleep(forTimeInterval: window)
        sources.forEach { $0.cancel() }
    }

    private static func tasks(_ k: Int, _ window: Double, _ fires: FireCounter) {
        let tasks = (0..<k).map { _ in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    fires.add()
                }
            }
        }
        Thread.sleep(forTimeInterval: window)
        tasks.forEach { $0.cancel() }
    }

    /// CPU time used by the whole process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Counts fires from any thread.
final class FireCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}
