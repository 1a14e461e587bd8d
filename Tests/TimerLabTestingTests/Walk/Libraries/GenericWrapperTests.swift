import Dispatch
import Foundation
import Testing
import TimerLabTesting

/// An event loop as SwiftNIO's is: a protocol whose extension wraps the task you pass it in a
/// closure of its own, made in generic code, that keeps the loop (its generic `Self`) and your task.
protocol TickLoop: AnyObject, Sendable {
    var queue: DispatchQueue { get }
}

extension TickLoop {
    /// Runs `task` every `interval` until the handle is cancelled, as `scheduleRepeatedTask`.
    @_semantics("optimize.sil.specialize.generic.never")
    func scheduleRepeated(every interval: DispatchTimeInterval, _ task: @escaping @Sendable (RepeatingTask) -> Void) -> RepeatingTask {
        let handle = RepeatingTask(queue: queue, interval: interval)
        handle.task = { repeated in
            dispatchPrecondition(condition: .onQueue(self.queue))
            task(repeated)
        }
        handle.start()
        return handle
    }
}

/// The loop's handle, as SwiftNIO's `RepeatedTask`: it keeps the wrapped task until cancelled;
/// its source takes it weakly.
final class RepeatingTask: @unchecked Sendable {
    var task: ((RepeatingTask) -> Void)?
    private let source: DispatchSourceTimer

    init(queue: DispatchQueue, interval: DispatchTimeInterval) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + interval, repeating: interval)
    }

    func start() {
        source.setEventHandler { [weak self] in
            guard let self else { return }
            task?(self)
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        task = nil
    }
}

/// One loop for the whole process, as a server's event loop group.
final class SharedTickLoop: TickLoop {
    static let shared = SharedTickLoop()
    let queue = DispatchQueue(label: "timerlab.tests.tick-loop")
}

/// A server's metrics flusher: it keeps its repeating task's handle, and its task takes it
/// strongly (`weakly: false`, a leak) or weakly.
final class MetricsFlusher: @unchecked Sendable {
    let loop: any TickLoop = SharedTickLoop.shared
    var flushTask: RepeatingTask?
    private(set) var flushes = 0
    let weakly: Bool

    init(weakly: Bool) {
        self.weakly = weakly
    }

    func start() {
        flushTask =
            weakly
            ? loop.scheduleRepeated(every: .milliseconds(5)) { [weak self] _ in self?.flushes += 1 }
            : loop.scheduleRepeated(every: .milliseconds(5)) { _ in self.flushes += 1 }
    }

    deinit { flushTask?.cancel() }
}

/// The closure a library wraps yours in, made in its generic code, is read: the report names
/// the handle's property that keeps it.
@Suite(.timeLimit(.minutes(1))) struct GenericWrapperTests {
    @Test func aTaskAGenericWrapperKeepsIsFoundHoldingTheObject() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            MetricsFlusher(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.capturingClosures.map(\.path) == ["flushTask.task"], "\(report)")
    }

    @Test func theSameTaskTakingItWeaklyFrees() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            MetricsFlusher(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
    }
}

/// A process-wide scheduler that keeps each pending job in a queue of its own until it runs, as
/// an event loop keeps its scheduled tasks.
final class JobQueue: @unchecked Sendable {
    static let shared = JobQueue()
    private(set) var pending: [Int: () -> Void] = [:]
    private var next = 0
    private let lock = NSLock()

    func schedule(after delay: DispatchTimeInterval, _ job: @escaping () -> Void) {
        let id = lock.withLock {
            next += 1
            pending[next] = job
            return next
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            let job = self.lock.withLock { self.pending.removeValue(forKey: id) }
            job?()
        }
    }
}

/// Says goodbye to its peer 5 s after it is closed (past any grace period a loaded machine
/// stretches), through the shared queue, which keeps the goodbye (and so the pinger) until then.
final class QueuedPinger: @unchecked Sendable {
    let jobs = JobQueue.shared
    private(set) var pings = 0

    func close() {
        jobs.schedule(after: .seconds(5)) { self.pings += 1 }
    }
}

/// A closure that waits in an object something else keeps too may still be run and dropped
/// there: the check watches for its patience, and it is freed late.
@Suite(.timeLimit(.minutes(1))) struct SharedQueueClosureTests {
    /// Due 5 s after the release, past the grace period even when a loaded machine stalls the
    /// check's thread for seconds (CI saw a 2 s one at the suite's start); watched for up to 10 s.
    @Test func aGoodbyeWaitingInASharedQueueFreesThePingerLate() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(10))) {
            QueuedPinger()
        } start: { _ in
        } beforeRelease: {
            $0.close()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.freedLate != nil, "\(report)")
        #expect(!report.judgedWithoutPatience, "\(report)")
    }
}
