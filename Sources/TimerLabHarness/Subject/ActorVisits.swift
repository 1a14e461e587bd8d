import CoreFoundation
import Dispatch
import Foundation
import Synchronization

/// How a run on the harness's own thread touches an owner that lives on an actor: the check's
/// task on that actor serves visits while the run waits off it, so the actor's other work (its
/// tasks, the main queue) goes on between visits, as it does in the app.
///
/// A visit does one of two things: a step that touches the owner (start's walk, release, a
/// stop, the closure reading), which the run waits for; or a pass of the run loops the owner's
/// timers went on (`homeRunLoops`), asked for after every slice of the run and not waited for.
/// A pass runs a home run loop from whatever thread the actor's job is on (an actor's jobs move
/// between threads), so the timers fire on the actor, as in the app, where the main thread
/// runs the main actor's jobs and the main run loop's timers alike.
///
/// `@unchecked Sendable`, with this invariant: `homeRunLoops` are handed to CoreFoundation only
/// in visits, which run one at a time on the actor; the rest is the stream, atomics and a `Mutex`.
package final class ActorVisits: @unchecked Sendable {
    private let stream: AsyncStream<Visit>
    private let continuation: AsyncStream<Visit>.Continuation
    private let homeRunLoops: [CFRunLoop]
    private let mode: CFRunLoopMode
    private let passAsked = Atomic<Bool>(false)
    /// When the pass under way began (`DispatchTime` nanoseconds), or 0: a timer's block that
    /// never returns holds the actor in it.
    private let passBegan = Atomic<UInt64>(0)
    /// Passes made, for tests: that the actor served the run loops at all.
    private let passes = Atomic<Int>(0)

    /// Visits for an owner whose timers went on `homeRunLoops`, to be run in `mode`.
    package init(homeRunLoops: [CFRunLoop], mode: RunLoop.Mode = .default) {
        (stream, continuation) = AsyncStream.makeStream(of: Visit.self)
        var distinct: [CFRunLoop] = []
        for runLoop in homeRunLoops where !distinct.contains(where: { $0 === runLoop }) { distinct.append(runLoop) }
        self.homeRunLoops = distinct
        self.mode = mode.cfMode
    }

    /// Serves visits on the caller's actor until the run ends; the actor runs other jobs between them.
    package func serve(isolation: isolated any Actor) async {
        for await visit in stream {
            visit.body()
        }
    }

    /// How long the pass under way has run, or `nil` when none is: what the object's timers
    /// fired in it (their blocks, on the actor) have not returned for that long.
    package var passUnderWay: Duration? {
        let began = passBegan.load(ordering: .acquiring)
        guard began != 0 else { return nil }
        return .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds &- began))
    }

    /// How many passes of the home run loops the actor has made.
    package var passCount: Int { passes.load(ordering: .relaxed) }

    /// Ends the serving, once the run is over.
    func finish() {
        continuation.finish()
    }

    /// Asks the actor for one pass of the home run loops, unless one is already asked for.
    func askForPass() {
        guard passAsked.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        continuation.yield(
            Visit { [self] in
                passBegan.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
                passHomeRunLoops()
                passBegan.store(0, ordering: .releasing)
                passAsked.store(false, ordering: .releasing)
            })
    }

    /// Runs `body` on the actor and waits for it; `false` if the actor did not take it up within
    /// `limit`, and then it never runs. A body under way when the limit passes is waited for.
    func run(within limit: TimeInterval, _ body: @escaping () -> Void) -> Bool {
        let claim = Atomic<Int>(VisitClaim.waiting)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let body = body
        let visit = Visit {
            guard
                claim.compareExchange(expected: VisitClaim.waiting, desired: VisitClaim.taken, ordering: .acquiringAndReleasing)
                    .exchanged
            else { return }
            body()
            done.signal()
        }
        guard case .enqueued = continuation.yield(visit) else { return false }
        if done.wait(timeout: .now() + limit) == .success { return true }
        if claim.compareExchange(expected: VisitClaim.waiting, desired: VisitClaim.abandoned, ordering: .acquiringAndReleasing).exchanged {
            return false
        }
        done.wait()
        return true
    }

    /// One pass of each home run loop, skipping one its own thread is running now (that thread
    /// serves its timers, and a run loop is run by one thread at a time).
    private func passHomeRunLoops() {
        let current = CFRunLoopGetCurrent()
        for runLoop in homeRunLoops {
            if runLoop === current {
                _ = CFRunLoopRunInMode(mode, 0, false)
            } else if CFRunLoopCopyCurrentMode(runLoop) == nil {
                _ = SystemSeam.passOnce(runLoop, mode: mode)
            }
        }
        passes.add(1, ordering: .relaxed)
    }
}

/// One visit: what to run on the actor.
///
/// `@unchecked Sendable`, with this invariant: its body runs once, on the actor, while the
/// harness thread that made it waits for it (or has abandoned it, and then it does nothing).
struct Visit: @unchecked Sendable {
    let body: () -> Void
}

/// Who took a visit: the actor, or the waiter that gave up on it.
enum VisitClaim {
    static let waiting = 0
    static let taken = 1
    static let abandoned = 2
}
