import Dispatch
import Foundation
import Synchronization

/// Runs scenarios, each on a thread of its own with its own run loop, and returns what they showed.
///
/// The CLI and the tests use this same entry point, so a scenario runs the same way from both:
/// never on the main thread, never depending on the main queue being drained.
public struct Harness: Sendable {
    /// Creates a harness.
    public init() {}

    /// Runs one scenario; throws if it could not start or did not finish within its hard limit.
    public func run(_ scenario: Scenario, settings: RunSettings) throws(HarnessError) -> Observation {
        try run([scenario], settings: settings)[0].get()
    }

    /// Runs one scenario without blocking the caller: for Swift concurrency, as in tests.
    ///
    /// The scenario runs exactly as in `run(_:settings:)`, on its own thread; only the waiting is
    /// done on another thread, so no cooperative thread (and no GCD worker a scenario needs) is blocked.
    public func observe(_ scenario: Scenario, settings: RunSettings) async throws(HarnessError) -> Observation {
        // Everything that may block (the one-time dispatch probe, the wait) happens on a thread of
        // its own: a Swift concurrency thread blocked here would be one of the few that run tasks.
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Observation, HarnessError>, Never>) in
            do throws(HarnessThread.Refused) {
                try HarnessThread.start { continuation.resume(returning: run([scenario], settings: settings)[0]) }
                    .detach()
            } catch {
                continuation.resume(returning: .failure(.couldNotStart(scenario: scenario.name, reason: error.reason)))
            }
        }
        return try result.get()
    }

    /// Runs several scenarios at once, each on its own thread (in batches if file descriptors are
    /// short); results keep the order of `scenarios`.
    public func run(_ scenarios: [Scenario], settings: RunSettings) -> [Result<Observation, HarnessError>] {
        guard let batches = DescriptorBudget.batches(for: scenarios) else {
            let shortage = DescriptorBudget.shortage(for: scenarios)
            return scenarios.map { .failure(.couldNotStart(scenario: $0.name, reason: shortage)) }
        }
        // With few descriptors, runs go in batches: each run has its own thread either way, so
        // what a run observes does not depend on how many run beside it.
        return batches.flatMap { batch in
            let pending = scenarios[batch].map { start($0, settings: settings) }
            return pending.map { run in Result { () throws(HarnessError) in try run.wait() } }
        }
    }

    private func start(_ scenario: Scenario, settings: RunSettings) -> PendingRun {
        let pending = PendingRun(
            scenario: scenario.name,
            limit: settings.hardLimit(target: scenario.tickTarget(requested: settings.ticks)))
        // Scenarios need GCD's worker threads; without them a dispatch timer would never fire and be
        // reported as "never fired", an observation of nothing. Better to say the run was impossible.
        guard Self.dispatchWorkersRun else {
            pending.finish(with: .failure(.couldNotStart(
                scenario: scenario.name,
                reason: "no dispatch worker thread could be had (is the process limit, ulimit -u, too low?)")))
            return pending
        }
        let run = ScenarioRun(scenario: scenario, settings: settings)
        do {
            pending.thread = try HarnessThread.start { pending.finish(with: run.execute()) }
        } catch {
            pending.finish(with: .failure(.couldNotStart(scenario: scenario.name, reason: "no thread: \(error.reason)")))
        }
        return pending
    }

    /// How long the one-time check for dispatch workers may take: well within any run's hard limit.
    static let dispatchProbeLimit: TimeInterval = 2

    /// Whether a block on a global queue runs: checked once per process.
    ///
    /// When libdispatch cannot create a worker thread, `async` itself sleeps and retries forever
    /// on the calling thread, so the probe calls it from a thread of its own and gives up on it.
    static let dispatchWorkersRun: Bool = {
        let ran = DispatchSemaphore(value: 0)
        do {
            try HarnessThread.start { DispatchQueue.global().async { ran.signal() } }.detach()
        } catch {
            return false
        }
        return ran.wait(timeout: .now() + dispatchProbeLimit) == .success
    }()
}

/// A run under way on its own thread: its result, once there, and the hard limit to wait for it.
private final class PendingRun: Sendable {
    private let scenario: String
    private let deadline: DispatchTime
    private let limit: TimeInterval
    private let result = Mutex<Result<Observation, HarnessError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(scenario: String, limit: TimeInterval) {
        self.scenario = scenario
        self.limit = limit
        self.deadline = .now() + limit
    }

    func finish(with outcome: Result<Observation, HarnessError>) {
        result.withLock { $0 = outcome }
        finished.signal()
    }

    /// The run's thread, if it started: joined once it has finished, left to itself if it hangs.
    nonisolated(unsafe) var thread: HarnessThread.Handle?

    /// Waits until the run finishes or its hard limit, counted from its start, passes.
    func wait() throws(HarnessError) -> Observation {
        guard finished.wait(timeout: deadline) == .success, let outcome = result.withLock({ $0 }) else {
            thread?.detach()
            throw .timedOut(scenario: scenario, seconds: limit)
        }
        // Joined, the thread's run loop is gone with its descriptors before the next batch starts.
        thread?.join()
        return try outcome.get()
    }
}

/// Why the harness could not produce an observation.
public enum HarnessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scenario did not finish within its hard limit.
    case timedOut(scenario: String, seconds: TimeInterval)
    /// The system refused what the run needs (a thread, a dispatch worker).
    case couldNotStart(scenario: String, reason: String)
    /// The scenario ran but never registered its timer, so there is nothing to observe.
    case didNotStart(scenario: String)

    public var description: String {
        switch self {
        case let .timedOut(scenario, seconds):
            return "scenario '\(scenario)' did not finish within \(String(format: "%.1f", seconds)) s"
        case let .couldNotStart(scenario, reason):
            return "scenario '\(scenario)' could not be run: \(reason)"
        case let .didNotStart(scenario):
            return "scenario '\(scenario)' never registered its timer, so nothing was observed (did its queue or thread ever run?)"
        }
    }
}
