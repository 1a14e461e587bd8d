import Dispatch
import Foundation
import Synchronization
import TimerLabHarness

/// Watches a check's progress from the watchdogs' queue and acts once a step of the user's code
/// has run longer than the time limit: it records the hang and calls the `onHang` action once.
///
/// When the check was called on an actor, the hanging code may hold it (a synchronous `start`
/// of a `@MainActor` type, from a `@MainActor` test): then nothing in the process can end it and
/// the check cannot return. So the watchdog asks that actor for a turn; if neither the actor
/// answers nor the check picks the failure up within `HangExit.allowance` (an actor merely busy
/// with other work answers long before), it writes why to standard error and ends the process
/// with `HangExit.status`, rather than hanging the test run for good.
///
/// `@unchecked Sendable`, with this invariant: `source` is only resumed and cancelled, which
/// libdispatch allows from any thread; the rest is behind locks.
final class StepWatchdog: @unchecked Sendable {
    private let source: any DispatchSourceTimer
    private let state = WatchState()

    /// Starts watching `progress` for a step of the user's longer than `limit`.
    init(progress: CheckProgress, limit: Duration, typeName: String, callersActor: (any Actor)?) {
        source = DispatchSource.makeTimerSource(queue: Self.queue)
        // Read here, on the caller's task: the test is a task-local the watchdog's queue lacks.
        let test = FailureReporter.currentTestDescription
        // It checks every twentieth of the limit (50 ms to 500 ms): a hang is seen within 5 % of
        // the limit, and fifty checks side by side do not wake a thousand times a second.
        let period = DispatchTimeInterval.milliseconds(Int(min(max(limit.seconds / 20, 0.05), 0.5) * 1000))
        source.schedule(deadline: .now() + period, repeating: period)
        source.setEventHandler { [state] in
            let (step, elapsed) = progress.current
            guard let failure = Self.failure(step: step, elapsed: elapsed, progress: progress, limit: limit, onActor: callersActor != nil),
                state.fireOnce()
            else { return }
            progress.fail(failure)
            state.hangAction.withLock { $0 }()
            guard let callersActor, failure.holdsTheActor else { return }
            Task {
                await Self.takeATurn(on: callersActor)
                state.actorAnswered.withLock { $0 = true }
            }
            let allowance = HangExit.allowance
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(allowance.seconds * 1e9))) {
                guard !state.pickedUp.withLock({ $0 }), !state.actorAnswered.withLock({ $0 }) else { return }
                HangExit.end(typeName: typeName, what: failure.hungCode(step), limit: limit, test: test)
            }
        }
        source.resume()
    }

    /// How the check has failed, if it has: a step of the user's past the limit, or, from a
    /// nonisolated caller, the run's thread held past it by code of the object's run there (its
    /// timers' blocks run on that thread's run loop, between the harness's slices).
    private static func failure(step: Step, elapsed: Duration, progress: CheckProgress, limit: Duration, onActor: Bool)
        -> CheckProgress.Failure?
    {
        if step.runsUserCode { return elapsed > limit ? .hung(step, limit) : nil }
        guard step == .running || step == .released else { return nil }
        if onActor {
            return (progress.passUnderWay ?? .zero) > limit ? .heldTheActor(limit) : nil
        }
        return progress.sinceSlice > limit ? .heldTheThread(step, limit) : nil
    }

    /// One serial queue for every check's watchdog: each of its checks is short, and fifty checks side
    /// by side then need one worker thread for them, not fifty.
    private static let queue = DispatchQueue(label: "timerlab.watchdog")

    /// Returns once `actor` gave it a turn. The isolation check is what it runs there: an empty
    /// isolated function's hop to the actor is removed by the optimizer, which would make a
    /// held actor look free.
    private static func takeATurn(on actor: isolated any Actor) {
        actor.preconditionIsolated("the watchdog's turn runs on the caller's actor")
    }

    /// What to do when a step hangs: resume whatever awaits it.
    func onHang(_ action: @escaping @Sendable () -> Void) {
        state.hangAction.withLock { $0 = action }
    }

    /// Stops watching: the check is over (or has picked a hang up and returns).
    func stop() {
        state.pickedUp.withLock { $0 = true }
        source.cancel()
    }
}

/// The watchdog's flags, shared with its event handler.
private final class WatchState: Sendable {
    private let fired = Mutex(false)
    let pickedUp = Mutex(false)
    let actorAnswered = Mutex(false)
    let hangAction = Mutex<@Sendable () -> Void>({})

    /// Whether this is the first hang seen (it is acted on once).
    func fireOnce() -> Bool {
        fired.withLock { fired in
            defer { fired = true }
            return !fired
        }
    }
}

extension CheckProgress.Failure {
    /// Whether the code that failed holds the caller's actor: a step of the user's run there, or
    /// a timer's block fired there.
    var holdsTheActor: Bool {
        switch self {
        case .hung, .heldTheActor: return true
        case .threw, .heldTheThread: return false
        }
    }

    /// The code that did not return, as `HangExit` names it.
    func hungCode(_ step: Step) -> String {
        if case .heldTheActor = self { return "a timer's block the check fired" }
        return step.rawValue
    }
}
