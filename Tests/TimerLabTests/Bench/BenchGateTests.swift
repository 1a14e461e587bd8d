import Dispatch
import Testing

@testable import TimerLab

/// The bench's gate: a point runs on a thread of its own and returns its value; one that does
/// not return within its bound is an overrun, and after a first failure no point runs.
@Suite struct BenchGateTests {
    @Test func aPointRunsAndReturnsItsValue() {
        let gate = BenchGate()
        #expect(gate.measure(runLoops: 1, objects: 1, limit: 10) { 42 } == 42)
        #expect(gate.firstFailure == nil)
    }

    @Test func anOverrunIsRecordedAndNoLaterPointRuns() {
        let gate = BenchGate()
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        #expect(gate.measure(runLoops: 1, objects: 1, limit: 0.05) { release.wait() } == nil)
        #expect(gate.firstFailure != nil)
        let ran = Locked(false)
        #expect(gate.measure(runLoops: 1, objects: 1, limit: 10) { ran.set(true) } == nil)
        #expect(!ran.value, "a point ran after the first failure")
    }
}

/// A flag a point sets from its own thread.
private final class Locked: @unchecked Sendable {
    // Invariant: read and written under `lock` only.
    private let lock = DispatchSemaphore(value: 1)
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        lock.wait()
        defer { lock.signal() }
        return stored
    }
    func set(_ value: Bool) {
        lock.wait()
        stored = value
        lock.signal()
    }
}
