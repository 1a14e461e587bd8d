import Dispatch
import Foundation
import TestSupport
import Testing

@testable import TimerLab
@testable import TimerLabHarness

/// A negative fact only beside a positive control: each control is required where its verdict
/// rests on it, and a machinery that did not work makes an error of the tool, never a verdict.
@Suite struct ControlTests {
    /// The controls an observation lists, as `what@phase`.
    static func names(_ observation: ScenarioObservation) -> Set<String> {
        Set(observation.controls.map { "\($0.what.rawValue)@\($0.phase.rawValue)" })
    }

    @Test func anUnseenExecutorControlIsSaidToBeBusyThreadsWhenTheSystemGivesThreads() {
        // Threads can be had here (the harness starts one to ask): a starved executor is busy,
        // not limited, and the line says so instead of asking about ulimit.
        #expect(HarnessThread.refusalNow() == nil)
        #expect(Control.What.executor.likelyCause.contains("threads were all busy"))
        #expect(!Control.What.executor.likelyCause.contains("ulimit"))
    }

    @Test func neverFiredRestsOnTheMachineryItsTimerFiresOnBeforeRelease() async throws {
        let observation = try await observe(.modeDefault, settings: .defaults)
        #expect(!observation.fired)
        #expect(Self.names(observation) == ["run-loop@before-release", "run-loop@grace"])
        #expect(observation.controls.allSatisfy { $0.seen })
    }

    @Test func aTimerThatFiredNeedsNoBeforeReleaseControlButEveryVerdictHasGraceControls() async throws {
        let observation = try await observe(.gcd, settings: .defaults)
        #expect(observation.fired)
        #expect(Self.names(observation) == ["queue@grace"])
    }

    @Test func stoppingDidNotFreeItRestsOnTheStopAndTheMachineryAfterIt() async throws {
        let observation = try await observe(.taskCancelSpin, settings: .defaults)
        #expect(observation.freedOnceStopped == false)
        #expect(Self.names(observation) == ["executor@grace", "stop@after-stop", "executor@after-stop"])
        #expect(observation.controls.allSatisfy { $0.seen })
    }

    /// Every scenario is watched on the machinery of its family: a run loop, a queue or the executor
    /// (and `no-runloop`, whose timer was scheduled from a dispatch worker, on the queue;
    /// `stream-strong`, whose ticks pass through a dispatch source and then a task, on both).
    @Test func everyScenarioIsWatchedOnItsOwnMachinery() {
        let exceptions: [String: [Control.What]] = ["no-runloop": [.queue], "stream-strong": [.queue, .executor]]
        for scenario in Catalog.all {
            let expected = exceptions[scenario.name] ?? scenario.family.machinery
            #expect(scenario.subject.machinery == expected, "\(scenario.name)")
        }
        #expect(Subject(name: "anything", makeOwner: ViewController.init).machinery == [.runLoop, .queue, .executor])
    }

    /// The queue stands still, as it does when no worker thread can be had: the owner's dispatch
    /// timer never fires, and that must be reported as the queue's control failing, not "never fired".
    @Test func aQueueThatNeverRunsIsAnErrorNotAVerdict() async throws {
        let control = try #require(await Self.controlFailingWithTheQueueStalled(GCDViewController.init, name: "stalled-queue"))
        #expect(control.what == .queue)
        #expect(control.phase == .beforeRelease)
        #expect(HarnessError.controlFailed(subject: "stalled-queue", control: control).isResourceShortage)
    }

    /// stream-strong's ticks come from a dispatch source on the run's queue: with that queue
    /// standing still, the queue's control fails, where the executor's alone would have let
    /// "never fired" through.
    @Test func aStreamWhoseQueueNeverRunsIsAnErrorNotAVerdict() async throws {
        let stream = Scenario.streamStrong.subject
        let control = try #require(
            await Self.controlFailingWithTheQueueStalled(stream.makeOwner, name: "stalled-stream", machinery: stream.machinery))
        #expect(control.what == .queue)
        #expect(control.phase == .beforeRelease)
    }

    /// Runs a subject whose run queue is suspended before its owner is built (and resumed after
    /// the run); the control that failed, or `nil` (recorded as an issue) for any other result.
    static func controlFailingWithTheQueueStalled(
        _ makeOwner: @escaping @Sendable (RunContext) -> any RunOwner, name: String,
        machinery: [Control.What] = Control.What.machinery
    ) async -> Control? {
        let queues = QueueBox()
        let subject = Subject(name: name, machinery: machinery) { context in
            context.queue.suspend()
            queues.queue = context.queue
            return makeOwner(context)
        }
        var failure: HarnessError?
        do {
            _ = try await observe(subject, settings: .defaults)
        } catch {
            failure = error
        }
        queues.queue?.resume()
        guard case .controlFailed(_, let control) = failure else {
            Issue.record("expected a failed control, got \(String(describing: failure))")
            return nil
        }
        return control
    }

    @Test func theRunLoopControlTicksOnlyWhileItsRunLoopRunsInItsMode() async {
        let (idle, running) = await onOwnThread { () -> (Bool, Bool) in
            let controls = RunControls(
                mode: .tracking, queue: DispatchQueue(label: "timerlab.test.controls"), interval: 0.002, machinery: [.runLoop])
            defer { controls.stop() }
            let start = ContinuousClock.now
            runCurrentRunLoop(for: 0.05)  // the default mode: the control's mode does not run
            let idle = controls.silent(since: start).contains(.runLoop)
            let deadline = ContinuousClock.now + .seconds(5)
            while controls.silent(since: start).contains(.runLoop), ContinuousClock.now < deadline {
                _ = RunLoop.current.run(mode: .tracking, before: Date().addingTimeInterval(0.002))
            }
            return (idle, !controls.silent(since: start).contains(.runLoop))
        }
        #expect(idle)
        #expect(running)
    }
}

/// Hands the run's queue to the test, which resumes it after the run (a suspended queue must not be freed).
private final class QueueBox: @unchecked Sendable {
    // Written once by the run's thread while building the owner, read by the test after the run.
    var queue: DispatchQueue?
}
