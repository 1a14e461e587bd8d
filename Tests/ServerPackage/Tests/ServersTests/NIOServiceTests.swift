import Foundation
import NIOCore
import NIOPosix
import Servers
import Synchronization
import Testing
import TimerLabTesting

/// Server services on SwiftNIO's event loops, checked as their own tests would check them: the
/// verdict, and what the report says holds a leak and what to change. One test at a time: the
/// side-by-side tests load both cores on purpose, and a late release is judged by the clock.
@Suite(.serialized, .timeLimit(.minutes(2))) struct NIOServiceTests {
    @Test func aRepeatedTaskTakingTheFlusherStronglyLeaksAndItsHandlesTaskIsNamed() async throws {
        let report = try await Lifetime.check {
            MetricsFlusher(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The handle is the event loop's too: the patience is spent, not skipped.
        #expect(!report.judgedWithoutPatience, "\(report)")
        // From its second run on, the loop's queue keeps a closure that reaches the flusher only
        // through `flushTask`'s `task`, a variable the loop's thread alone changes, with no lock:
        // not read. Only a first run still pending (a machine slow to run it) shows the closure.
        if let closure = report.capturingClosures.first {
            #expect(closure.path.hasPrefix("flushTask.eventLoop._scheduledTasks"), "\(report)")
        } else {
            #expect(report.notExamined.contains { $0.hasPrefix("`flushTask`'s variables (and those of") }, "\(report)")
            // The report starts where the user's code can act: the handle.
            #expect(report.description.hasPrefix("MetricsFlusher: LEAKED, held from outside its stored properties, or through `flushTask`"))
            #expect(report.fix?.contains("undo what your code scheduled through `flushTask` (cancel it, unsubscribe)") == true, "\(report)")
        }
    }

    @Test func aRepeatedTaskTakingTheFlusherWeaklyFrees() async throws {
        let report = try await Lifetime.check {
            MetricsFlusher(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        // The pass says what it saw: the first run's closure in the loop's queue (read under the
        // loop's lock) taking it weakly, if still pending at the walk; else that what `flushTask`
        // runs, the loop's own variable, was not read. Never that anything took it strongly.
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(
            text.contains("(a closure SelectableEventLoop keeps) took it weakly")
                || text.contains("what `flushTask` runs was not read (something else keeps it too"), "\(report)")
        #expect(!text.contains("took it strongly"), "\(report)")
        // Its deinit cancels the task: nothing is left running (the control of the one below).
        #expect(report.caution == nil, "\(report)")
    }

    /// A repeated task that takes the flusher weakly and is never cancelled runs on its loop for
    /// good once the flusher is freed: left running, as a `Timer` never invalidated is; a warning,
    /// and a strict check fails.
    @Test(arguments: [false, true]) func aRepeatedTaskNeverCancelledIsLeftRunning(strict: Bool) async throws {
        // The test keeps the task to cancel it at its end, as the app never does.
        let kept = Mutex<RepeatedTask?>(nil)
        defer { kept.withLock { $0?.cancel() } }
        let make = { UncancelledFlusher() }
        let start = { (flusher: UncancelledFlusher) in
            flusher.start()
            kept.withLock { $0 = flusher.flushTask }
        }
        guard strict else {
            let report = try await Lifetime.check(make, start: start)
            #expect(report.fate == .freed, "\(report)")
            #expect(
                report.caution == "left running: `flushTask` (SwiftNIO's RepeatedTask) still runs after release; cancel it in deinit",
                "\(report)")
            return
        }
        let error = await #expect(throws: LifetimeCheckError.self) {
            try await requireFreed(with: LifetimeDefaults(strict: true), make, start: start)
        }
        #expect(error?.code == .leftRunning, "\(String(describing: error))")
    }

    @Test func aScheduledCloseTakingTheTimeoutStronglyLeaksThroughTheLoopsQueue() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(200))) {
            IdleTimeout(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The close waits in the event loop's queue, read under the loop's own lock: the closure
        // that holds the timeout is named, inside the handle, and the fix starts at the handle.
        let closure = try #require(report.capturingClosures.first, "\(report)")
        #expect(closure.path.hasPrefix("close.promise.futureResult.eventLoop._scheduledTasks"), "\(report)")
        #expect(closure.keptElsewhere == "close.promise.futureResult", "\(report)")
        #expect(report.description.hasPrefix("IdleTimeout: LEAKED, held by `close.promise.futureResult.eventLoop._scheduledTasks"))
        #expect(report.fix?.contains("or cancel `close` from the code that retires the object") == true, "\(report)")
        // The check cancels no library's scheduled task (its cancel also fails the promise that
        // waits on it): nothing was stopped, and the report says why none proved it, and what waits.
        #expect(report.stopsTried.isEmpty, "\(report)")
        let text = report.description.replacingOccurrences(of: "\n                          ", with: " ")
        let culprit = "culprit               none proved by a stop: `close` is a library's handle, which the check does not cancel"
        #expect(text.contains(culprit), "\(report)")
        #expect(!text.contains("nothing it stores was going to stop"), "\(report)")
        #expect(text.contains("but `close` scheduled a closure that SelectableEventLoop keeps, waiting to run"), "\(report)")
    }

    /// The loop the object keeps beside its handle is shared: the fix names the handle the user
    /// stored, never the loop, which is nothing to cancel.
    @Test func aTimeoutBesideItsLoopIsFixedThroughItsHandleNotTheLoop() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            IdleWatchdog()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        let fix = try #require(report.fix, "\(report)")
        #expect(fix.contains("cancel `timeout`"), "\(report)")
        #expect(!fix.contains("cancel `eventLoop`"), "\(report)")
        #expect(report.capturingClosures.first?.path.hasPrefix("timeout.promise.futureResult.eventLoop._scheduledTasks") == true)
    }

    @Test func aScheduledCallbackWhoseHandlerTakesTheReaperStronglyLeaksThroughTheLoopsQueue() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SessionReaper(weakly: false)
        } start: {
            try $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The handler waits in the loop's queue as a callback; the closure it keeps is named.
        let closure = try #require(report.capturingClosures.first, "\(report)")
        #expect(closure.path.hasPrefix("reap.eventLoop._scheduledTasks._heap.storage["), "\(report)")
        #expect(closure.path.hasSuffix("].kind(.callback).onDue"), "\(report)")
        #expect(report.fix?.contains("or cancel `reap` from the code that retires the object") == true, "\(report)")
    }

    @Test func aScheduledCallbackWhoseHandlerTakesTheReaperWeaklyFrees() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SessionReaper(weakly: true)
        } start: {
            try $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(text.contains(".kind(.callback).onDue` (a closure SelectableEventLoop keeps) took it weakly"), "\(report)")
    }

    @Test func sideBySideEachLeakIsTracedToItsOwnClosureInTheSharedQueue() async throws {
        // Every strong close waits in the same loops' queues: each check names one closure, the
        // one that holds its own object, and the loops run on after the checks read them.
        try await withThrowingTaskGroup(of: (freed: Bool, closures: Int, strong: Bool).self) { group in
            for index in 0..<10 {
                group.addTask {
                    let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                        IdleTimeout(weakly: index.isMultiple(of: 2))
                    } start: {
                        $0.start()
                    }
                    return (report.freed, report.capturingClosures.count, !index.isMultiple(of: 2))
                }
            }
            for try await result in group {
                #expect(result.freed == !result.strong && result.closures == (result.strong ? 1 : 0), "\(result)")
            }
        }
        // The control: every loop still runs what is scheduled on it, so no lock was left held.
        for _ in 0..<4 { try await serverLoops.next().scheduleTask(in: .milliseconds(1)) {}.futureResult.get() }
    }

    @Test func aScheduledCloseTakingTheTimeoutWeaklyFrees() async throws {
        let report = try await Lifetime.check {
            IdleTimeout(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        // The close in the loop's queue, read under the loop's lock, is seen taking it weakly.
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(text.contains("(a closure SelectableEventLoop keeps) took it weakly"), "\(report)")
    }

    @Test func aPingDueSoonAfterReleaseFreesThePingerLate() async throws {
        let report = try await Lifetime.check {
            KeepAlivePinger()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.freedLate != nil, "\(report)")
        // What held it is the ping's closure in the loop's queue, read under the loop's lock.
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(text.contains("(a closure SelectableEventLoop keeps), which took it strongly before release"), "\(report)")
    }

    @Test func tenChecksSideBySideOnTheSharedLoopsNeverCrash() async throws {
        // The walk meets the event loops every check shares while their threads change them:
        // it reads only what cannot change under it. Ten leaks and ten frees at once.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
                        MetricsFlusher(weakly: index.isMultiple(of: 2))
                    } start: {
                        $0.start()
                    }
                    return report.freed == index.isMultiple(of: 2)
                }
            }
            for try await right in group { #expect(right) }
        }
    }
}
