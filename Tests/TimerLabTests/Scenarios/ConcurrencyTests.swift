import Foundation
import Synchronization
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// What the Swift concurrency family shows beyond its three facts: what stopping does, and that
/// no loop goes on burning a core after its run.
@Suite struct ConcurrencyTests {
    static let family = Catalog.all.filter { $0.family == .concurrency }

    @Test func stoppingALeakedLoopFreesItsOwnerExceptTheOneThatSpins() async throws {
        for scenario in Self.family {
            let observation = try await observe(scenario, settings: .defaults)
            guard observation.owner == .leaked else {
                #expect(observation.freedOnceStopped == nil)
                continue
            }
            let spins = scenario.name == Scenario.taskCancelSpin.name
            #expect(observation.freedOnceStopped == !spins, "\(scenario.name)")
        }
    }

    @Test func theSpinIsMeasuredAsTicksAfterTheStop() async throws {
        let observation = try await observe(.taskCancelSpin, settings: .defaults)
        let afterStop = try #require(observation.ticksAfterStop)
        // Counts, not durations: a loop that waited an interval per tick would show a handful.
        #expect(afterStop.ticks > 1_000, "\(afterStop)")
        let stopped = try await observe(.taskStrong, settings: .defaults)
        #expect((stopped.ticksAfterStop?.ticks ?? 0) <= 1)
    }

    @Test func aSpinningLoopIsParkedOnceItsRunIsOver() async throws {
        final class ProbeBox: @unchecked Sendable { var probe: Probe? }
        let box = ProbeBox()
        let spin = Scenario.taskCancelSpin
        let watched = Scenario(
            name: spin.name, family: spin.family, articles: [], summary: spin.summary, expectation: spin.expectation,
            explanation: spin.explanation
        ) { context in
            box.probe = context.probe
            return TaskCancelSpinViewModel(context: context)
        }
        let observation = try await observe(watched, settings: .defaults)
        #expect(observation.owner == .leaked)
        #expect((observation.ticksAfterStop?.ticks ?? 0) > 1_000)
        // The harness returned after closing the probe, so the loop's next tick parked it:
        // its count no longer moves, while a spinning loop would add about a million a second.
        let probe = try #require(box.probe)
        let settled = probe.ticksAfterRelease
        // The control: a task on the same executor ticks fifty times meanwhile, so the executor
        // was running jobs; a loop still spinning would have added thousands.
        let control = Atomic<Int>(0)
        let controlLoop = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(1))
                control.add(1, ordering: .relaxed)
            }
        }
        #expect(await eventually { control.load(ordering: .relaxed) >= 50 })
        controlLoop.cancel()
        #expect(probe.ticksAfterRelease == settled)
    }

    @Test func aTaskThatOutlivesItsOwnerIsReportedRunning() async throws {
        let zombie = try await observe(.taskNoCancel, settings: .defaults)
        #expect(zombie.owner == .freed && zombie.afterRelease == .running)
        let producer = try await observe(.streamProducerZombie, settings: .defaults)
        #expect(producer.owner == .freed && producer.afterRelease == .running)
        let terminated = try await observe(.streamOnTermination, settings: .defaults)
        #expect(terminated.afterRelease == .stopped)
    }
}
