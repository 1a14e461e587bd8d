import Foundation
import TimerLab
import TimerLabHarness

/// The state of one `check` run's children, and the steps its supervising loop takes.
///
/// Scenarios wait, run as children, and end; a child that found no thread to run on while others
/// ran beside it waits again, with fewer allowed at once.
struct Supervision {
    /// One child under way.
    struct Running {
        let index: Int
        let child: ChildProcess
        /// When the parent kills it unless it shows progress before.
        var deadline: ContinuousClock.Instant { child.lastProgress + .seconds(IsolatedRunner.quietLimit) }
        /// Whether another child ran beside it at some point: only then can running it again
        /// with fewer beside it help.
        var crowded: Bool
    }

    let runner: IsolatedRunner
    private var options: CheckOptions { runner.options }
    /// A result per scenario, in the order asked for, once it has one.
    private(set) var results: [CheckResult?]
    private var waiting: [Int]
    /// The scenarios expected never to fire: they wait out their whole deadline.
    private let slowFirst: Set<Int>
    private var running: [Running] = []
    private var retries: [Int]
    /// How many children may run at once: all, until the system says otherwise.
    private var capacity: Int
    /// Children in a row that the system refused what they need although they ran alone.
    private var loneRefusals = 0

    init(runner: IsolatedRunner) {
        self.runner = runner
        let scenarios = runner.options.scenarios
        results = Array(repeating: nil, count: scenarios.count)
        retries = Array(repeating: 0, count: scenarios.count)
        capacity = scenarios.count
        // A scenario whose timer is expected never to fire waits out its whole deadline, so it
        // starts first; results keep the order asked for.
        let neverFires = scenarios.map { !$0.expectation.onThisPlatform.fired }
        slowFirst = Set(scenarios.indices.filter { neverFires[$0] })
        waiting = scenarios.indices.filter { neverFires[$0] } + scenarios.indices.filter { !neverFires[$0] }
    }

    /// Whether every scenario has ended.
    var isOver: Bool { waiting.isEmpty && running.isEmpty }
    /// The children under way.
    var children: [ChildProcess] { running.map(\.child) }
    /// The earliest deadline of a child under way.
    var nextDeadline: ContinuousClock.Instant? { running.map(\.deadline).min() }

    /// Starts whatever can be started; a shortage waits for a running child to end.
    ///
    /// The scenarios that wait out their whole deadline start first, and the others only once
    /// each of those has beaten: their start-ups then do not take the processor from them while
    /// they start, and their waits, the longest of the check, end when they would alone.
    mutating func startWhatFits() {
        while let index = waiting.first, running.count < capacity {
            if !slowFirst.contains(index), running.contains(where: { slowFirst.contains($0.index) && !$0.child.hasBeaten }) {
                break
            }
            let scenario = options.scenarios[index]
            do {
                let child = try runner.startChild(for: scenario)
                running.append(Running(index: index, child: child, crowded: !running.isEmpty))
                waiting.removeFirst()
            } catch let failure where failure.isShortage && !running.isEmpty {
                break
            } catch {
                results[index] = CheckResult(
                    scenario: scenario, status: .error, detail: "could not start \(runner.executablePath): \(error.reason)", seconds: 0)
                waiting.removeFirst()
            }
        }
        if running.count > 1 {
            running.indices.forEach { running[$0].crowded = true }
        }
    }

    /// Stops and reaps every child (a signal said stop).
    func stopAll() {
        running.forEach { $0.child.stop() }
    }

    /// Kills the children silent for longer than the quiet limit.
    ///
    /// A child that exited on its own is reported by its exit, however late the parent looks (a
    /// stopped parent's clock runs on): reap before blaming it. The beats a child sent while the
    /// parent was stopped wait in its pipe, and were read just before this.
    func killOverdue() {
        let now = ContinuousClock.now
        for entry in running where entry.deadline <= now && !entry.child.killedForTime && !entry.child.reap() {
            entry.child.killedForTime = true
            entry.child.kill()
        }
    }

    /// Turns every child that ended into a result, or into a retry with fewer beside it.
    mutating func collectEnded() {
        for entry in running where entry.child.reap() && entry.child.isDone {
            let refused = entry.child.exitCode == ExitStatus.systemResources.rawValue
            if refused, entry.crowded, retries[entry.index] < IsolatedRunner.retries {
                // It found no thread to run on: run fewer children at once and try it again.
                capacity = max(1, min(capacity, running.count) / 2)
                retries[entry.index] += 1
                waiting.append(entry.index)
                continue
            }
            let scenario = options.scenarios[entry.index]
            let result = IsolatedRunner.result(of: entry.child, scenario: scenario)
            results[entry.index] = result
            loneRefusals = refused && !entry.crowded ? loneRefusals + 1 : 0
            if loneRefusals >= IsolatedRunner.loneRefusalLimit {
                giveUpOnWaiting(after: result)
            }
        }
        running.removeAll { $0.child.isDone }
    }

    /// Refused twice running alone: so would every scenario still waiting. Says so now rather
    /// than spend the rest of the run proving it one by one.
    private mutating func giveUpOnWaiting(after result: CheckResult) {
        for index in waiting {
            results[index] = CheckResult(
                scenario: options.scenarios[index], status: .error,
                detail:
                    """
                    \(Self.notRunPrefix) \(IsolatedRunner.loneRefusalLimit) runs in a row that had nothing beside them \
                    (\(result.detail ?? result.status.rawValue))
                    """,
                seconds: 0)
        }
        waiting.removeAll()
    }

    /// How the detail of a scenario not run after refusals begins.
    static let notRunPrefix = "not run: the system refused"
}
