import TimerLab
import TimerLabHarness

/// Lets only a few harness runs of the test process go on at once.
///
/// Swift Testing runs every test at once; left alone, dozens of runs would share the test
/// process's executor (as many threads as cores) with each other's task loops and controls, and
/// on a loaded machine a run's executor control could wait longer than its limit behind them: the
/// test would see the tool's "no verdict" error, honestly, for a load the tests made. A run
/// observes the same alone or beside others, so limiting how many run at once changes no result.
package actor HarnessSlots {
    package static let shared = HarnessSlots(slots: 4)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(slots: Int) {
        free = slots
    }

    /// Runs `body` once a slot is free.
    package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release() }
        return try await body()
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Runs `scenario` through the harness, as the CLI does, in one of the test process's slots.
package func observe(_ scenario: Scenario, settings: RunSettings = .defaults) async throws(HarnessError) -> ScenarioObservation {
    try await HarnessSlots.shared.run {
        await result { () async throws(HarnessError) in try await Harness().observe(scenario, settings: settings) }
    }.get()
}

/// Runs `subject` through the harness in one of the test process's slots.
package func observe(_ subject: Subject, settings: RunSettings = .defaults) async throws(HarnessError) -> RunEvidence {
    try await HarnessSlots.shared.run {
        await result { () async throws(HarnessError) in try await Harness().observe(subject, settings: settings) }
    }.get()
}

private func result<T>(_ body: () async throws(HarnessError) -> T) async -> Result<T, HarnessError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
