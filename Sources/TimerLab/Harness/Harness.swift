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

    /// Runs one scenario; throws `HarnessError.timedOut` if it does not finish within its hard limit.
    public func run(_ scenario: Scenario, settings: RunSettings) throws(HarnessError) -> Observation {
        try start(scenario, settings: settings).wait()
    }

    /// Runs one scenario without blocking the caller: for Swift concurrency, as in tests.
    ///
    /// The scenario runs exactly as in `run(_:settings:)`, on its own thread; only the waiting is
    /// done on another thread, so no cooperative thread (and no GCD worker a scenario needs) is blocked.
    public func observe(_ scenario: Scenario, settings: RunSettings) async throws(HarnessError) -> Observation {
        let pending = start(scenario, settings: settings)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Observation, HarnessError>, Never>) in
            Thread { continuation.resume(returning: Result { () throws(HarnessError) in try pending.wait() }) }.start()
        }
        return try result.get()
    }

    /// Runs several scenarios at once, each on its own thread; results keep the order of `scenarios`.
    public func run(_ scenarios: [Scenario], settings: RunSettings) -> [Result<Observation, HarnessError>] {
        let pending = scenarios.map { start($0, settings: settings) }
        return pending.map { run in Result { () throws(HarnessError) in try run.wait() } }
    }

    private func start(_ scenario: Scenario, settings: RunSettings) -> PendingRun {
        let pending = PendingRun(
            scenario: scenario.name,
            limit: settings.hardLimit(target: scenario.tickTarget(requested: settings.ticks)))
        let run = ScenarioRun(scenario: scenario, settings: settings)
        let thread = Thread { pending.finish(with: run.execute()) }
        thread.name = "timerlab \(scenario.name)"
        thread.start()
        return pending
    }
}

/// A run under way on its own thread: its result, once there, and the hard limit to wait for it.
private final class PendingRun: Sendable {
    private let scenario: String
    private let deadline: DispatchTime
    private let limit: TimeInterval
    private let result = Mutex<Observation?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(scenario: String, limit: TimeInterval) {
        self.scenario = scenario
        self.limit = limit
        self.deadline = .now() + limit
    }

    func finish(with observation: Observation) {
        result.withLock { $0 = observation }
        finished.signal()
    }

    /// Waits until the run finishes or its hard limit, counted from its start, passes.
    func wait() throws(HarnessError) -> Observation {
        guard finished.wait(timeout: deadline) == .success, let observation = result.withLock({ $0 }) else {
            throw .timedOut(scenario: scenario, seconds: limit)
        }
        return observation
    }
}

/// Why the harness could not produce an observation.
public enum HarnessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The scenario did not finish within its hard limit.
    case timedOut(scenario: String, seconds: TimeInterval)

    public var description: String {
        switch self {
        case let .timedOut(scenario, seconds):
            return "scenario '\(scenario)' did not finish within \(String(format: "%.1f", seconds)) s"
        }
    }
}
