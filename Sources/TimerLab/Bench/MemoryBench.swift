import Dispatch
import Foundation
import TimerLabHarness

/// Heap that stays allocated per owner, K owners of a scenario at once, less a control of bare owners.
///
/// The heap is the C allocator's own count (`mallinfo2`), not RSS: RSS moves in pages, keeps what
/// the allocator freed but did not return, and counts code and stacks; the allocator's count is
/// exact to the byte for what is still held. Owners are built with a silent probe and a long
/// interval (nothing ticks), started, told they are going, released; what is still allocated
/// after that is what the mechanism keeps.
enum MemoryBench {
    /// The scenarios measured: leaked owners first, then freed ones. Each series is labelled with
    /// the fate its catalog entry documents on this platform (the bench releases owners, it does
    /// not observe their fate; `leak` does).
    static let scenarios: [Scenario] = [
        .strongTarget, .blockStrong, .gcdStrong, .taskStrong, .observationsStrong,
        .blockWeak, .explicitInvalidate, .gcd, .weakTimer, .observationsWeak,
    ]

    /// The control: the heap held by owners that hold no timer at all, at each size.
    private static func controlPoints(_ settings: BenchSettings, gate: BenchGate, limit: Double) -> [Double?] {
        let control = Subject(name: "bare owner", makeOwner: ViewController.init)
        return settings.largeSizes.map { k in
            gate.measure(runLoops: 1, objects: k, limit: limit) {
                retainedBytes(control, k: k, budget: Budget(seconds: settings.budget)).bytes
            }
        }
    }

    static func run(_ settings: BenchSettings, gate: BenchGate, progress: (String) -> Void) -> Measurement {
        let limit = settings.budget * 2 + 10
        let controlBytes = controlPoints(settings, gate: gate, limit: limit)
        var series: [Series] = []
        for scenario in scenarios {
            let fate = scenario.expectation.onThisPlatform.owner.rawValue
            progress("memory: \(scenario.name)")
            let budget = Budget(seconds: settings.budget * 2)
            var points: [Point] = []
            var cut: String?
            var previous: (k: Int, bytes: Double)?
            for (index, k) in settings.largeSizes.enumerated() {
                guard let control = controlBytes[index],
                    let measured = gate.measure(
                        runLoops: 1, objects: k, limit: limit, { retainedBytes(scenario.subject, k: k, budget: budget) })
                else {
                    cut = gate.cut(at: k)
                    break
                }
                guard measured.built == k else {
                    cut = Budget.cut(after: measured.built, of: k)
                    break
                }
                let bytes = measured.bytes - control
                let marginal = previous.map { (bytes - $0.bytes) / Double(k - $0.k) }
                points.append(Point(k: k, value: bytes / Double(k), secondary: marginal))
                previous = (k, bytes)
            }
            series.append(Series(label: "\(scenario.name) (\(fate))", points: points, cut: cut))
        }
        return Measurement(
            kind: .memory,
            unit: "heap bytes still held per owner after release (average; marginal between sizes)",
            series: series)
    }

    /// Builds, starts and releases `k` owners on the calling thread (a fresh one, whose run loop
    /// the run-loop owners use); the bytes the heap grew by.
    static func retainedBytes(_ subject: Subject, k: Int, budget: Budget) -> (bytes: Double, built: Int) {
        let queue = DispatchQueue(label: "timerlab.bench.memory")
        let context = RunContext(interval: 3_600, probe: Probe(silent: true), queue: queue)
        // What an earlier series' actor owners still had queued is not this series' cost.
        ScenarioActor.waitForJobsEnqueuedSoFar()
        let before = SystemSeam.heapInUse()
        var owners: [any RunOwner] = []
        owners.reserveCapacity(k)
        for index in 0..<k {
            if index % 1_000 == 999, budget.isSpent { break }
            let owner = subject.makeOwner(context)
            owner.startRun()
            owners.append(owner)
        }
        let built = owners.count
        owners.forEach { $0.willRelease() }
        owners = []
        // Cancels and invalidations that finish asynchronously (dispatch sources, WeakTimer)
        // get their turn before the heap is read.
        _ = RunLoop.current.run(mode: .default, before: Date())
        queue.sync {}
        // Tasks start (and allocate their sleeps) on the global executor or an actor, a little
        // later: read until the heap holds still, two seconds at most.
        var after = SystemSeam.heapInUse()
        var stillReadings = 0
        for _ in 0..<40 {
            Thread.sleep(forTimeInterval: 0.05)
            queue.sync {}
            // Actor owners start, and the tasks they start begin, in jobs on their actor.
            ScenarioActor.waitForJobsEnqueuedSoFar()
            let now = SystemSeam.heapInUse()
            let still = max(now, after) - min(now, after) < max(after, 1) / 200
            after = now
            stillReadings = still ? stillReadings + 1 : 0
            if stillReadings == 2 { break }
        }
        return (Double(Int64(bitPattern: after &- before)), built)
    }
}
