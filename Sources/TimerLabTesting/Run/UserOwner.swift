import Foundation
import TimerLabHarness

/// Carries a user's object through the harness as a run's owner.
///
/// The harness holds only this adapter; the adapter holds the object, so dropping the adapter
/// drops the harness's one reference to the object, and the object's lifetime is what is
/// watched (`lifetimeObject`). `@unchecked Sendable`, with this invariant: the harness builds,
/// starts, warns and releases its owner one step after another, on the run's own thread or,
/// for an object on the caller's actor, in visits on that actor while the run's thread waits
/// (`ActorVisits`), so the object and `registered` are touched by one thread at a time.
final class UserOwner<Object: AnyObject>: RunOwner, @unchecked Sendable {
    private let object: Object
    private let context: RunContext
    private let steps: UserSteps<Object>
    /// Whether `start` already ran, before the harness's run (an async one on the caller's actor).
    private let started: Bool
    /// What the walks registered, so a second walk adds only new holders.
    private var registered: Set<String> = []

    init(object: Object, context: RunContext, steps: UserSteps<Object>, started: Bool) {
        self.object = object
        self.context = context
        self.steps = steps
        self.started = started
    }

    var lifetimeObject: AnyObject { object }

    /// Starts the object (unless it was started before the run), then registers every holder it keeps.
    func startRun() {
        if !started {
            steps.startOnThisThread(object)
        }
        steps.progress.enter(.walking)
        registerHolders()
        steps.progress.enter(.running)
    }

    /// Calls what the app calls before letting go (if given), then registers what the object
    /// keeps now (a holder made after `start`, by a task or a queue, is found here).
    func willRelease() {
        steps.runBeforeRelease(object)
        steps.progress.enter(.walking)
        let walk = registerHolders()
        steps.progress.noteChildren(WatchedChild.watching(walk.ownObjects))
        steps.progress.noteRepeatingWork(RepeatingWork.watching(walk.repeaters))
        steps.progress.enter(.released)
    }

    @discardableResult
    private func registerHolders() -> PropertyWalk {
        let walk = PropertyWalk(object, known: registered)
        steps.progress.noteUnset(walk.unset)
        steps.progress.noteNotExamined(walk.notExamined)
        // Of an object with no holder the check knows, what captures it is what a pass can show:
        // a library's handle whose closure takes it weakly. Read only then: it costs a second walk.
        if registered.isEmpty, walk.holders.isEmpty {
            steps.progress.noteClosuresSeen(PropertyWalk(object, makesHandles: false).closuresSeen(capturing: object))
        }
        for holder in walk.holders where registered.insert(holder.path).inserted {
            holder.handle.keptElsewhere = holder.keptElsewhere
            // Before the run loop runs it: a long catch-up would hold the check's thread.
            if holder.handle.mayStop { holder.handle.skipCatchUp() }
            context.probe.watch(holder.handle, at: holder.path)
            steps.progress.noteHandle(holder.handle, at: holder.path)
        }
        return walk
    }
}
