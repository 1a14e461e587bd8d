import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing
import TimerLabHarness

@testable import TimerLab

/// Every kind of edge a graph draws from a root is observed here, on a real run loop or queue, so a
/// graph can only claim what a test has shown; and the one root people assume but that is not
/// there (a queue keeping its source) is shown absent.
@Suite struct RootEdgeTests {
    /// The root edges the tests below observe: the root's id and the role of what it holds.
    static let observedRootEdges: Set<String> = ["runloop->timer", "foundation->timer", "runtime->task"]

    @Test(arguments: Catalog.all.map(\.name), [Platform.linux, .apple])
    func everyRootEdgeInEveryGraphIsOneATestObserves(_ name: String, platform: Platform) throws {
        let graph = try #require(Catalog.scenario(named: name)?.explanation).graph.on(platform)
        for edge in graph.edges where graph.node(edge.from)?.role == .root {
            let role = try #require(graph.node(edge.to)).role
            #expect(Self.observedRootEdges.contains("\(edge.from)->\(role.rawValue)"), "\(edge.from) -> \(edge.to)")
        }
    }

    /// `runloop -> timer`: a run loop keeps a scheduled timer alive, with its target, and fires it.
    @Test func aRunLoopKeepsAScheduledTimerThatNothingElseHoldsAndFiresIt() async {
        let (calls, targetAlive) = await onOwnThread { () -> (Int, Bool) in
            var target: Tracked? = Tracked()
            weak let watchedTarget = target
            weak let watchedTimer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: target!, selector: Tracked.tick, userInfo: nil, repeats: true)
            target = nil
            runCurrentRunLoop(for: 5) { (watchedTarget?.calls ?? 0) >= 3 }
            let result = (watchedTarget?.calls ?? 0, watchedTarget != nil)
            watchedTimer?.invalidate()
            return result
        }
        #expect(targetAlive)
        #expect(calls >= 3)
    }

    /// `runloop -> timer` on a dispatch worker: a timer scheduled there stays valid, and never fires.
    @Test func aTimerScheduledFromADispatchWorkerStaysScheduledAndNeverFires() async {
        final class Box: @unchecked Sendable { var timer: Timer? }
        let target = Tracked()
        let box = Box()
        let scheduled = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: target, selector: Tracked.tick, userInfo: nil, repeats: true)
            scheduled.signal()
        }
        // The control: a timer of the same interval on a run loop that does run (this thread's)
        // fires ten times, so the worker's timer has been due ten times over.
        let controlFired = await onOwnThread { () -> Bool in
            _ = scheduled.wait(timeout: .now() + 5)
            let control = Tracked()
            let timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: 0.002, target: control, selector: Tracked.tick, userInfo: nil, repeats: true)
            defer { timer.invalidate() }
            return runCurrentRunLoop(for: 5, until: { control.calls >= 10 })
        }
        #expect(controlFired)
        // The semaphore orders the worker's write before these reads.
        let valid = box.timer?.isValid ?? false
        box.timer?.invalidate()
        #expect(valid)
        #expect(target.calls == 0)
    }

    #if os(Linux)
    /// `foundation -> timer`: Linux Foundation never frees a Timer, even invalidated and unreferenced,
    /// nor what its block captured.
    @Test func linuxFoundationKeepsAnInvalidatedUnreferencedTimerAndItsCaptures() async {
        let (timerAlive, captureAlive) = await onOwnThread { () -> (Bool, Bool) in
            var captured: Tracked? = Tracked()
            weak let watchedCapture = captured
            weak let watchedTimer: Timer?
            do {
                let timer = Timer.scheduledTimer(withTimeInterval: 0.002, repeats: false) { [captured] _ in _ = captured }
                watchedTimer = timer
                runCurrentRunLoop(for: 0.02)
                timer.invalidate()
            }
            captured = nil
            runCurrentRunLoop(for: 0.02)
            return (watchedTimer != nil, watchedCapture != nil)
        }
        #expect(timerAlive)
        #expect(captureAlive)
    }
    #endif

    /// No `queue -> source` edge: a resumed dispatch source that nothing references is freed at once
    /// and never fires, so only the owner (or a cycle through it) can keep a source alive.
    @Test func noQueueKeepsAResumedSourceThatNothingReferences() async {
        let fires = Atomic<Int>(0)
        var witness: LifetimeWitness?
        do {
            let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timerlab.test.unreferenced"))
            // The first fire is far enough off that the release always comes first, even on a
            // loaded machine; after it, a live source would fire every 2 ms.
            source.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(2))
            source.setEventHandler { fires.add(1, ordering: .relaxed) }
            source.resume()
            witness = LifetimeWitness(source as AnyObject, name: "DispatchSourceTimer")
        }
        let watched = witness!
        let freed = await eventually { !watched.isAlive }
        // The control: a live source on the same schedule fires five times, so the unreferenced
        // one, had it lived, would have fired too.
        let control = QueueControl(queue: DispatchQueue(label: "timerlab.test.control"), interval: .milliseconds(2))
        #expect(await control.passes(55))
        #expect(freed)
        #expect(fires.load(ordering: .relaxed) == 0)
    }

    /// `runtime -> task`: an unfinished task that nothing references runs on and keeps its
    /// captures; once its body returns, they are released.
    @Test func theRuntimeKeepsAnUnreferencedTaskAndItsCapturesUntilItsBodyReturns() async {
        let ticks = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        var witness: LifetimeWitness?
        do {
            let captured = Tracked()
            witness = LifetimeWitness(captured, name: "capture")
            Task { [captured] in
                while !stop.load(ordering: .relaxed) {
                    try? await Task.sleep(for: .milliseconds(2))
                    _ = captured
                    ticks.add(1, ordering: .relaxed)
                }
            }
        }
        let watched = witness!
        let ran = await eventually { ticks.load(ordering: .relaxed) >= 3 }
        #expect(ran)
        #expect(watched.isAlive)
        stop.store(true, ordering: .relaxed)
        #expect(await eventually { !watched.isAlive })
    }
}
