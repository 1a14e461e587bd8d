import Dispatch
import Foundation
import Synchronization

/// A weak handle on a scenario's timer or dispatch source: is it alive, is it scheduled, stop it.
///
/// The harness must see the timer without keeping it alive, so the handle holds it weakly and
/// knows, per kind, how to ask "still scheduled?" and how to stop it during clean-up. Its methods
/// are called on the harness thread only (Foundation's `Timer` is not `Sendable`).
package final class HolderHandle: @unchecked Sendable {
    /// The kind of object watched.
    package let kind: ObjectKind
    /// Where the owner keeps it, as a property path (`ticker.source`, `timers["utc"]`), when the
    /// harness found it by walking a user's type; `nil` for a scenario's own registration.
    package internal(set) var path: String?
    private weak var object: AnyObject?
    private let lifetime: LifetimeWitness?
    private let isScheduledBody: (AnyObject) -> Bool
    private let isStoppedBody: ((AnyObject) -> Bool)?
    private let stopBody: (AnyObject) -> Void
    /// For a task: the watch that knows whether its body returned (held strongly; it is not the task).
    private let taskWatch: TaskWatch?
    /// For a dispatch source: what its stop found it in.
    private var suspension: SourceSuspension?

    /// For a dispatch source the harness stopped: whether it was suspended (or never resumed) at
    /// the stop; `nil` before a stop, for anything else, or where the state cannot be read.
    package var wasSuspended: Bool? { suspension?.wasSuspended }

    /// Watches `object` of `kind` (weakly), asking the closures whether it is scheduled or
    /// stopped and how to stop it; `lifetime`, if given, witnesses the object reported freed.
    package init<T: AnyObject>(
        _ object: T, kind: ObjectKind, lifetime: LifetimeWitness? = nil, isScheduled: @escaping (T) -> Bool,
        isStopped: ((T) -> Bool)? = nil, stop: @escaping (T) -> Void, taskWatch: TaskWatch? = nil
    ) {
        self.object = object
        self.kind = kind
        self.lifetime = lifetime
        self.isScheduledBody = { isScheduled($0 as! T) }
        self.isStoppedBody = isStopped.map { body in { body($0 as! T) } }
        self.stopBody = { stop($0 as! T) }
        self.taskWatch = taskWatch
    }

    /// Watches a task: running until its body returns (a detached task awaits its value to know),
    /// stopped once cancelled or returned, stopped by `cancel()`. A task cannot be referenced
    /// weakly, so its "lifetime" is its body's: the runtime releases its captures when it returns.
    package convenience init(task: Task<Void, Never>) {
        self.init(anyTask: task)
    }

    /// Watches a task of any result type the same way (a user's type may keep a throwing one).
    package convenience init<Success: Sendable, Failure: Error>(anyTask task: Task<Success, Failure>) {
        let watch = TaskWatch(task)
        self.init(
            watch, kind: .task, isScheduled: { !$0.finished }, isStopped: { $0.isCancelled || $0.finished },
            stop: { $0.cancel() }, taskWatch: watch)
    }

    /// Watches a Foundation timer: scheduled while valid, stopped by `invalidate()`.
    package convenience init(timer: Timer) {
        self.init(timer, kind: .timer, isScheduled: { $0.isValid }, stop: { $0.invalidate() })
        shape = timer.isValid ? TimerShape(timer) : nil
    }

    /// For a repeating `Timer` found so far past due that its run loop would spend long
    /// catching up: how far past due it was (seconds) when the harness moved its fire date to now.
    package private(set) var catchUpSkipped: TimeInterval?

    /// How many missed intervals a repeating `Timer` may be behind before its catch-up is skipped:
    /// CoreFoundation steps through every missed interval, one addition at a time, before it
    /// fires such a timer (`__CFRunLoopDoTimer`), holding the run loop's thread meanwhile (a
    /// 10 ms timer first due at `Date.distantPast` held it 50 s). A million steps take about a
    /// millisecond.
    package static let catchUpLimit: Double = 1_000_000

    /// For a repeating `Timer` more than `catchUpLimit` intervals past due: moves its fire date
    /// to now, where CoreFoundation's catch-up would end it (within one interval), so the run
    /// loop runs it at once instead of stepping through every missed fire first. Changes only
    /// when the timer next fires, never what it does; returns whether it did.
    @discardableResult
    package func skipCatchUp() -> Bool {
        guard kind == .timer, let timer = object as? Timer, timer.isValid, timer.timeInterval > 0 else { return false }
        let overdue = -timer.fireDate.timeIntervalSinceNow
        guard overdue.isFinite, overdue / timer.timeInterval > Self.catchUpLimit else { return false }
        timer.fireDate = Date()
        catchUpSkipped = overdue
        return true
    }

    /// For a `Timer`: one-shot or repeating, and when it was first due, read when it was found.
    package private(set) var shape: TimerShape?

    /// Where the holder sits inside an object that something outside the owner keeps too (a
    /// shared service the owner refers to): the path of that object. The harness never stops
    /// such a holder: it is not the owner's alone. `nil` for what the owner alone keeps.
    package var keptElsewhere: String?

    /// Whether the harness may stop it: only what the owner alone keeps.
    package var mayStop: Bool { keptElsewhere == nil }

    /// Whether it was still scheduled when the owner was released (`nil` before release).
    package internal(set) var scheduledAtRelease: Bool?

    /// Watches a `NotificationCenter` block observer's token: registered until the check removes
    /// it from `center` (the token does not say which center holds it, so the caller names one).
    /// A removal the object makes itself cannot be seen: the token stays "registered" until then.
    package convenience init(observer token: AnyObject, center: NotificationCenter) {
        let removal = Removal()
        self.init(
            token, kind: .notificationObserver, isScheduled: { _ in !removal.done },
            stop: { token in
                center.removeObserver(token)
                removal.done = true
            })
    }

    /// Watches a `DispatchWorkItem`: going until cancelled or performed, stopped by `cancel()`
    /// (which keeps its block: only freeing the work item releases what the block captures).
    /// That it was performed is learnt from a notification it sends once its block has run
    /// (`notify`, which changes nothing of the work item's own).
    /// `notifiedOn`: the queue its notification comes in on, the shared one unless a test holds
    /// one of its own (to see what a release makes of a notification that has not come in).
    package convenience init(workItem: DispatchWorkItem, notifiedOn queue: DispatchQueue? = nil) {
        let performed = Performed()
        workItem.notify(queue: queue ?? Performed.queue) { performed.mark() }
        self.init(
            workItem, kind: .workItem, isScheduled: { !$0.isCancelled && !performed.done }, isStopped: { $0.isCancelled || performed.done },
            stop: { $0.cancel() })
        workItemPerformed = performed
    }

    /// Watches a dispatch source: scheduled until cancelled, stopped by a cancel.
    ///
    /// A catalog scenario's source (`resumesSuspended`) is then resumed as often as it was
    /// suspended, or activated if it never ran, so the cancellation takes effect and the handler
    /// is released. A user's source is never resumed: its own code may resume it later (a
    /// library that pauses its source and resumes it in `deinit`), and a second resume traps in
    /// libdispatch. A suspended or inactive one is cancelled, left as found, and kept
    /// (`LeftSuspended`), since releasing it so would trap too. Where the state cannot be read,
    /// a plain cancel.
    package convenience init(source: DispatchSourceTimer, resumesSuspended: Bool = true) {
        let suspension = SourceSuspension()
        self.init(
            source as AnyObject, kind: .dispatchSourceTimer,
            isScheduled: { !($0 as! DispatchSourceTimer).isCancelled },
            stop: { object in
                let source = object as! DispatchSourceTimer
                let state = DispatchSourceState.of(source)
                suspension.record(state)
                source.cancel()
                guard resumesSuspended else {
                    if state != .active, state != nil { LeftSuspended.keep(source) }
                    return
                }
                switch state {
                case .suspended(let count)?: for _ in 0..<count { source.resume() }
                case .inactive?: source.activate()
                case .active?, nil: break
                }
            })
        self.suspension = suspension
    }

    /// The timer object's kind, as the report names it: for a `WeakTimer`, the source inside.
    package var objectKind: ObjectKind { kind == .weakTimer ? .dispatchSourceTimer : kind }

    /// Whether the timer object itself is still alive (for a task: whether its body still runs).
    package var isAlive: Bool {
        if let taskWatch { return !taskWatch.finished }
        return lifetime?.isAlive ?? (object != nil)
    }

    /// Whether it has been stopped: not scheduled, or (a task) cancelled even if its body still runs.
    package var isStopped: Bool {
        guard let object else { return true }
        return isStoppedBody?(object) ?? !isScheduledBody(object)
    }

    /// For a repeating `Timer`: its fire date when last looked at, to count its ticks by.
    private var lastFireDate: Date?

    /// How many times a repeating `Timer` ticked since the last look: its fire date moves one
    /// interval on per tick. Zero for anything else (a source or task cannot be watched ticking,
    /// and a one-shot timer's one tick is not told apart from its invalidation).
    func ticksSinceLastLook() -> Int {
        guard kind == .timer, let timer = object as? Timer, timer.isValid, timer.timeInterval > 0 else { return 0 }
        let date = timer.fireDate
        defer { lastFireDate = date }
        guard let last = lastFireDate, date > last else { return 0 }
        return max(1, Int((date.timeIntervalSince(last) / timer.timeInterval).rounded()))
    }

    /// For a valid `Timer`: how long past its fire date it is now (zero if not past due), which
    /// grows only while no run loop runs it; `nil` for anything else.
    package var overdueNow: TimeInterval? {
        guard let timer = object as? Timer, timer.isValid else { return nil }
        return max(0, -timer.fireDate.timeIntervalSinceNow)
    }

    /// Whether the timer is still scheduled to fire; a freed timer is not.
    package var isScheduled: Bool {
        guard let object else { return false }
        return isScheduledBody(object)
    }

    /// Whether it may still, by itself, let go of what holds the owner later: a timer still valid,
    /// a source not cancelled, a task whose body runs, a work item not performed (a cancelled one
    /// keeps its block until its queue drops it at its deadline), an observer still registered.
    package var mayStillRelease: Bool {
        if let workItemPerformed { return object != nil && !workItemPerformed.done }
        return isScheduled
    }

    /// For a work item: whether its block has run.
    private var workItemPerformed: Performed?

    /// Lets in the notifications of work items already performed, before a look that must see
    /// them (the release's): bounded by `limit`, and at once when none is queued. Returns whether
    /// every notification queued before the call came in: where it did not (a thread pool too
    /// busy to run the queue), whether a work item was performed is not known, never guessed.
    package static func letInWorkItemNotifications(within limit: Duration = .seconds(1), on queue: DispatchQueue? = nil) -> Bool {
        Performed.letIn(within: limit, on: queue ?? Performed.queue)
    }

    /// Notes what each of `handles` was doing at the release, once the work items'
    /// notifications are let in (`letIn`, which tells whether they all came): a work item not
    /// yet seen performed while they did not all come is unknown (`nil`), never "going".
    package static func noteStatesAtRelease(of handles: [HolderHandle], letIn: () -> Bool) {
        let unsettled = handles.contains(where: \.isWorkItemNotSeenPerformed) && !letIn()
        for handle in handles {
            handle.scheduledAtRelease = unsettled && handle.isWorkItemNotSeenPerformed ? nil : handle.isScheduled
        }
    }

    /// Whether it is a work item whose notification of being performed has not come in.
    package var isWorkItemNotSeenPerformed: Bool { workItemPerformed.map { !$0.done } ?? false }

    /// Whether it is a task that was cancelled but whose body has not returned yet.
    package var isCancelledButRunning: Bool {
        guard let taskWatch else { return false }
        return taskWatch.isCancelled && !taskWatch.finished
    }

    /// Stops the timer if it is still alive and not yet stopped; returns whether it did anything.
    @discardableResult
    package func stopIfScheduled() -> Bool {
        guard let object, !isStopped else { return false }
        stopBody(object)
        return true
    }
}

/// Knows whether a task's body has returned, by awaiting its result from a detached task.
package final class TaskWatch: Sendable {
    private let cancelBody: @Sendable () -> Void
    private let isCancelledBody: @Sendable () -> Bool
    private let done = Atomic<Bool>(false)

    init<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {
        cancelBody = { task.cancel() }
        isCancelledBody = { task.isCancelled }
        // The monitor holds the watch, not the other way round; the watched task holds neither.
        Task.detached {
            _ = await task.result
            self.done.store(true, ordering: .releasing)
        }
    }

    var finished: Bool { done.load(ordering: .acquiring) }
    var isCancelled: Bool { isCancelledBody() }
    func cancel() { cancelBody() }
}

/// Whether a work item's block has run: set from the work item's notification, on any thread.
private final class Performed: Sendable {
    /// The serial queue every work item's notification runs on. A notification is queued there
    /// as soon as its block has run, so a block queued after it runs after it: `letIn` waits for
    /// one, where a concurrent queue on a loaded machine may run a notification many
    /// milliseconds later, after the release it belongs before.
    static let queue = DispatchQueue(label: "timerlab.work-item-performed")
    private let flag = Atomic<Bool>(false)

    /// Whether the block has run, as far as its notification has come in.
    var done: Bool { flag.load(ordering: .acquiring) }

    func mark() { flag.store(true, ordering: .releasing) }

    /// Lets in the notifications queued so far, waiting at most `limit` for them: a queue with
    /// nothing queued answers at once, and a thread pool too busy to run one costs `limit`, never
    /// more (a wait with no bound could hold one of Swift's executor threads for seconds).
    static func letIn(within limit: Duration, on queue: DispatchQueue) -> Bool {
        let drained = DispatchSemaphore(value: 0)
        queue.async { drained.signal() }
        return drained.wait(timeout: .now() + .milliseconds(Int((limit / .milliseconds(1)).rounded(.up)))) == .success
    }
}

/// Whether the check removed an observer: written by the stop, read after it, on the harness's thread.
private final class Removal {
    var done = false
}

/// What a dispatch source's stop found: written by the stop, read after it, on the harness's thread.
private final class SourceSuspension {
    private(set) var wasSuspended: Bool?

    func record(_ state: DispatchSourceState?) {
        wasSuspended = state.map { $0 != .active }
    }
}

/// A `Timer`'s shape as it was found: repeating or one-shot, and how long after it was found it was due.
package struct TimerShape: Sendable, Equatable, Codable {
    /// Whether it repeats (a non-zero interval); a one-shot fires once and is then invalidated.
    package var repeats: Bool
    /// Its interval in seconds (zero for a one-shot).
    package var interval: TimeInterval
    /// Seconds from when the check found it to its fire date then (zero or less: due at once).
    package var dueIn: TimeInterval

    init(_ timer: Timer) {
        repeats = timer.timeInterval > 0
        interval = timer.timeInterval
        dueIn = timer.fireDate.timeIntervalSinceNow
    }
}
