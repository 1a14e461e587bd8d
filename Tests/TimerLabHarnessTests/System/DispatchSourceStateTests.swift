import Dispatch
import Testing

@testable import TimerLabHarness

/// The state word is found by experiment: a source reads as never resumed, active, and
/// suspended as many times as it was, and the harness's stop frees what a suspended source held.
@Suite struct DispatchSourceStateTests {
    @Test func aSourceReadsAsItsStateEachTimeItChanges() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timerlab.test.state"))
        source.schedule(deadline: .now() + 100, repeating: 100)
        #expect(DispatchSourceState.of(source) == .inactive)
        source.resume()
        #expect(DispatchSourceState.of(source) == .active)
        source.suspend()
        source.suspend()
        #expect(DispatchSourceState.of(source) == .suspended(2))
        source.resume()
        #expect(DispatchSourceState.of(source) == .suspended(1))
        source.resume()
        #expect(DispatchSourceState.of(source) == .active)
        source.cancel()
    }

    @Test(arguments: [0, 1, 3])
    func stoppingASourceReleasesItsHandlerWhateverItsSuspension(_ suspensions: Int) async throws {
        final class Held: Sendable {}
        weak var watched: Held?
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timerlab.test.stop"))
        do {
            let held = Held()
            watched = held
            source.schedule(deadline: .now() + 100, repeating: 100)
            source.setEventHandler { _ = held }
            source.resume()
            for _ in 0..<suspensions { source.suspend() }
        }
        let handle = HolderHandle(source: source)
        #expect(handle.stopIfScheduled())
        #expect(handle.wasSuspended == (suspensions > 0))
        // The handler is released on the source's queue once the cancel takes effect.
        let deadline = ContinuousClock.now + .seconds(5)
        while watched != nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(watched == nil, "suspended \(suspensions) times: the handler was not released")
    }
}
