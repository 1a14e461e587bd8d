import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// What K leaked 10 ms timers cost after their owners are gone: CPU (percent of one core) over a
/// fixed window, and the share of the ticks asked for that happened.
///
/// Only the window is measured: the CPU of creating and stopping K timers is outside it, and the
/// CPU time is divided by the wall time that actually passed between the two readings, so no
/// figure can exceed what the machine's cores can do.
enum CPUBench {
    static let interval = 0.01

    /// One mechanism: starts K timers that count their ticks, calls `window` (which watches them
    /// and returns the CPU figure), then stops them.
    typealias Mechanism = @Sendable (_ k: Int, _ ticks: TickCounter, _ window: () -> Window) -> Window

    static func run(_ settings: BenchSettings, gate: BenchGate, progress: (String) -> Void) -> Measurement {
        let mechanisms: [(String, Mechanism)] = [
            ("run loop", runLoop), ("one GCD queue", { k, ticks, window in dispatch(k, ticks, window, perOwner: false) }),
            ("a queue per owner", { k, ticks, window in dispatch(k, ticks, window, perOwner: true) }), ("task loops", tasks),
        ]
        let series = mechanisms.map { label, body in
            measure(label, settings, gate, progress: progress, body)
        }
        return Measurement(
            kind: .cpu, unit: "percent of one core while K leaked 10 ms timers fire (and percent of requested ticks achieved)",
            series: series)
    }

    private static func measure(
        _ label: String, _ settings: BenchSettings, _ gate: BenchGate, progress: (String) -> Void, _ body: @escaping Mechanism
    ) -> Series {
        var points: [Point] = []
        for k in settings.smallSizes {
            progress("cpu: \(label), K = \(k)")
            let length = settings.cpuWindow
            guard
                let measured = gate.measure(
                    runLoops: 1, objects: k, limit: length + settings.budget + 10,
                    {
                        let ticks = TickCounter()
                        return body(k, ticks) { Window.watch(for: length, ticks: ticks) }
                    })
            else { return Series(label: label, points: points, cut: gate.cut(at: k)) }
            let requested = Double(k) * measured.seconds / interval
            points.append(Point(k: k, value: measured.percentOfOneCore, secondary: Double(measured.ticks) / requested * 100))
        }
        return Series(label: label, points: points)
    }

    /// The CPU the process used and the ticks counted over one watched window.
    struct Window: Sendable {
        let cpuSeconds: Double
        let seconds: Double
        let ticks: Int

        var percentOfOneCore: Double { cpuSeconds / seconds * 100 }

        /// Watches for `length` seconds, running this thread's run loop (a no-op wait where it has
        /// no timers): CPU and ticks are read at both ends, on the clocks that bound them.
        static func watch(for length: Double, ticks: TickCounter) -> Window {
            let (cpuBefore, ticksBefore, start) = (processCPUSeconds(), ticks.value, ContinuousClock.now)
            // The end is on the monotonic clock; the run loop takes a Date, made from the time left.
            let end = start + .seconds(length)
            while ContinuousClock.now < end {
                let left = max(ContinuousClock.now.duration(to: end).seconds, 0)
                if !RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: left)) { Thread.sleep(forTimeInterval: left) }
            }
            let (cpuAfter, ticksAfter, seconds) = (processCPUSeconds(), ticks.value, start.duration(to: .now).seconds)
            return Window(cpuSeconds: cpuAfter - cpuBefore, seconds: seconds, ticks: ticksAfter - ticksBefore)
        }
    }

    private static func runLoop(_ k: Int, _ ticks: TickCounter, _ window: () -> Window) -> Window {
        let timers = (0..<k).map { _ in
            Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in ticks.add() }
        }
        defer { timers.forEach { $0.invalidate() } }
        return window()
    }

    private static func dispatch(_ k: Int, _ ticks: TickCounter, _ window: () -> Window, perOwner: Bool) -> Window {
        let shared = DispatchQueue(label: "timerlab.bench.cpu")
        let sources = (0..<k).map { index in
            let source = DispatchSource.makeTimerSource(queue: perOwner ? DispatchQueue(label: "timerlab.bench.cpu.\(index)") : shared)
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { ticks.add() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        return window()
    }

    private static func tasks(_ k: Int, _ ticks: TickCounter, _ window: () -> Window) -> Window {
        let tasks = (0..<k).map { _ in
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    ticks.add()
                }
            }
        }
        defer { tasks.forEach { $0.cancel() } }
        return window()
    }

    /// CPU time used by the whole process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Counts ticks from any thread.
final class TickCounter: Sendable {
    private let count = Atomic<Int>(0)

    func add() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}
