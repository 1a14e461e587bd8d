import Foundation
import Synchronization
import TimerLabHarness

/// Where one check is: the step running the user's code and since when, and how a step failed.
///
/// Written by the thread running the steps, read by the watchdog (`StepWatchdog`) and by the
/// check once the run is over: hence the lock.
final class CheckProgress: Sendable {
    /// How a step of the user's failed.
    enum Failure: Sendable {
        /// It threw.
        case threw(Step, String)
        /// It had not returned when the time limit passed.
        case hung(Step, Duration)
        /// Code of the object's on the check's thread (a timer's block, a run-loop source) had
        /// not returned when the time limit passed, in this step.
        case heldTheThread(Step, Duration)
        /// A timer of the object's, fired on the caller's actor, had not returned when the time
        /// limit passed: its block holds the actor.
        case heldTheActor(Duration)
    }

    private struct State {
        var step = Step.queued
        var since = ContinuousClock.now
        var lastSlice = ContinuousClock.now
        var failure: Failure?
        var noted = Noted()
        var visits: ActorVisits?
    }

    private let state = Mutex(State())

    /// Enters `step` now.
    func enter(_ step: Step) {
        state.withLock {
            $0.step = step
            $0.since = .now
        }
    }

    /// The step under way and how long it has run.
    var current: (step: Step, elapsed: Duration) {
        state.withLock { ($0.step, $0.since.duration(to: .now)) }
    }

    /// Notes the visits a check on an actor is served by, so the watchdog sees a pass that hangs.
    func noteVisits(_ visits: ActorVisits) {
        state.withLock { $0.visits = visits }
    }

    /// How long the pass of the object's run loop under way on the actor has run, if one is.
    var passUnderWay: Duration? { state.withLock { $0.visits }?.passUnderWay }

    /// Notes that a slice of the run's run loop ended: nothing run there holds the thread.
    func noteSlice() {
        state.withLock { $0.lastSlice = .now }
    }

    /// How long since the last slice ended, or since the step began if later.
    var sinceSlice: Duration {
        state.withLock { max($0.lastSlice, $0.since).duration(to: .now) }
    }

    /// Records the first failure; later ones add nothing.
    func fail(_ failure: Failure) {
        state.withLock { $0.failure = $0.failure ?? failure }
    }

    /// The first failure, if a step failed.
    var failure: Failure? { state.withLock { $0.failure } }

    /// Notes the holder-typed properties found `nil` after `start`.
    func noteUnset(_ paths: [String]) {
        state.withLock { $0.noted.unset = paths }
    }

    /// Notes what the walk did not look into: where a bound stopped it, and storage it could not open.
    func noteNotExamined(_ places: NotExamined) {
        state.withLock { $0.noted.notExamined = places }
    }

    /// Notes the stored closures seen capturing the object, where the walk found no holder; one
    /// seen at start and dropped before release stays noted.
    func noteClosuresSeen(_ closures: [ClosureSeen]) {
        state.withLock { state in
            state.noted.closuresSeen += closures.filter { closure in !state.noted.closuresSeen.contains { $0.path == closure.path } }
        }
    }

    /// Notes the objects the checked object alone kept at release, to see them go with it.
    func noteChildren(_ children: [WatchedChild]) {
        state.withLock { $0.noted.children = children }
    }

    /// Notes the library work that repeats for good the checked object kept at release.
    func noteRepeatingWork(_ works: [RepeatingWork]) {
        state.withLock { $0.noted.repeatingWork = works }
    }

    /// Notes a handle the check watches and may stop, by its path: what a leak below the object
    /// is proved held by (`WatchedChild.culprits`).
    func noteHandle(_ handle: HolderHandle, at path: String) {
        state.withLock { $0.noted.handles.append((path, handle)) }
    }

    /// Notes that a `start` run before the harness's run (an async one, on the caller's actor)
    /// scheduled a timer on that thread's run loop.
    func noteTimerScheduledBeforeRun() {
        state.withLock { $0.noted.scheduledTimerBeforeRun = true }
    }

    /// What the steps and the walks noted of the object, once the run is over: a value, so that
    /// the report is built from it and Verdict calls nothing of Run's (docs/reference.md, "Layout").
    var noted: Noted { state.withLock { $0.noted } }

    /// What the steps and the walks noted of the object, beside the harness's evidence.
    struct Noted: Sendable {
        /// The holder-typed properties that were `nil` after `start` (and after `beforeRelease`).
        var unset: [String] = []
        /// What the last walk did not look into.
        var notExamined = NotExamined()
        /// The stored closures seen capturing the object, where the walks found no holder.
        var closuresSeen: [ClosureSeen] = []
        /// Whether a `start` run before the harness's run scheduled a timer on that thread's run loop.
        var scheduledTimerBeforeRun = false
        /// The objects the checked object alone kept at release.
        var children: [WatchedChild] = []
        /// The library work that repeats for good it kept at release (a SwiftNIO `RepeatedTask`).
        var repeatingWork: [RepeatingWork] = []
        /// The handles of the holders the walks found, with their paths, in the order found.
        var handles: [(path: String, handle: HolderHandle)] = []
    }
}
