import Dispatch
import Foundation
import Synchronization

/// Runs subjects, each on a thread of its own with its own run loop, and returns what they showed.
///
/// Each run is admitted first (`Admission`: descriptors, dispatch workers, address space); a run
/// the process cannot afford is refused with a reason instead of started.
///
/// The CLI and the tests use this same entry point, so a scenario runs the same way from both:
/// never depending on the main queue being drained, and on the main thread only for a subject
/// isolated to the main actor (from the CLI; from a test, on the main actor's own thread).
package struct Harness: Sendable {
    /// Creates a harness.
    package init() {}

    /// Runs one subject without blocking the caller.
    ///
    /// The subject runs exactly as in `run(_:settings:)`, on its own thread; only the waiting is
    /// done on another thread, so no cooperative thread (and no GCD worker a subject needs) is blocked.
    package func observe(_ subject: Subject, settings: RunSettings) async throws(HarnessError) -> RunEvidence {
        if subject.isolation == .mainActor {
            // One synchronous stretch on the main actor: that is where its owner may be touched,
            // and that stretch's thread runs the run loop its timer went on.
            return try await MainActor.run { runOnCurrentThread(subject, settings: settings) }.get()
        }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<RunEvidence, HarnessError>, Never>) in
            do throws(HarnessThread.Refused) {
                try HarnessThread.start { continuation.resume(returning: run([subject], settings: settings)[0]) }
                    .detach()
            } catch {
                continuation.resume(returning: .failure(.couldNotStart(subject: subject.name, reason: "no thread: \(error.reason)")))
            }
        }
        return try result.get()
    }

    /// Runs one subject whose owner lives on the caller's actor: the run goes on a thread of its
    /// own, as any other, while the caller's task serves `visits` on the actor (each step that
    /// touches the owner, and passes of the run loops its timers went on), so the actor runs its
    /// other jobs meanwhile, as the app's actor does.
    package func observe(
        _ subject: Subject, settings: RunSettings, servedBy visits: ActorVisits, isolation: isolated any Actor
    ) async -> Result<RunEvidence, HarnessError> {
        if case .failure(let refusal) = Admission.admit([subject][...]) {
            return .failure(.couldNotStart(subject: subject.name, reason: refusal.reason))
        }
        var subject = subject
        subject.visits = visits
        // The serving ends once the run has a result, whether it ran or got no thread.
        let pending = start(subject, settings: settings, afterwards: visits.finish)
        await visits.serve(isolation: isolation)
        return Result { () throws(HarnessError) in try pending.wait() }
    }

    /// Runs several subjects at once, each on its own thread (in batches if file descriptors are
    /// short), then any isolated to the main actor one after another on the calling thread, which
    /// must be the main thread; results keep the order of `subjects`.
    package func run(_ subjects: [Subject], settings: RunSettings) -> [Result<RunEvidence, HarnessError>] {
        guard subjects.contains(where: { $0.isolation == .mainActor }) else { return runOnOwnThreads(subjects, settings: settings) }
        // Main-actor subjects run one after another on this thread, which must be the main
        // thread; the others first, side by side, as always.
        var results = runOnOwnThreads(subjects.filter { $0.isolation == .ownThread }, settings: settings)[...]
        return subjects.map { subject in
            guard subject.isolation == .mainActor else { return results.removeFirst() }
            guard Thread.isMainThread else {
                return .failure(
                    .couldNotStart(subject: subject.name, reason: "it runs on the main actor, and was not run from the main thread"))
            }
            return runOnCurrentThread(subject, settings: settings)
        }
    }

    private func runOnOwnThreads(_ subjects: [Subject], settings: RunSettings) -> [Result<RunEvidence, HarnessError>] {
        // Batches as large as the descriptors and the address space free right now allow: each
        // run has its own thread either way, so what a run observes does not depend on how many
        // run beside it.
        var results: [Result<RunEvidence, HarnessError>] = []
        while results.count < subjects.count {
            let remaining = subjects[results.count...]
            switch Admission.admit(remaining) {
            case .failure(let refusal):
                return results + remaining.map { .failure(.couldNotStart(subject: $0.name, reason: refusal.reason)) }
            case .success(let size):
                let pending = remaining.prefix(size).map { start($0, settings: settings) }
                results += pending.map { run in Result { () throws(HarnessError) in try run.wait() } }
            }
        }
        return results
    }

    /// Runs one subject on the calling thread and that thread's run loop: for a subject that must
    /// be built and started in its caller's isolation (a main-actor type, on the main actor).
    ///
    /// It is admitted as `run(_:settings:)` admits a batch of one. It blocks the caller for the
    /// run, bounded by the run's own limits; the caller must not be one of Swift's cooperative
    /// threads (the executor control would then wait on itself).
    package func runOnCurrentThread(_ subject: Subject, settings: RunSettings) -> Result<RunEvidence, HarnessError> {
        if case .failure(let refusal) = Admission.admit([subject][...]) {
            return .failure(.couldNotStart(subject: subject.name, reason: refusal.reason))
        }
        return SubjectRun(subject: subject, settings: settings).execute()
    }

    /// Starts `subject`'s run on a thread of its own; `afterwards` is called once its result is
    /// in, on that thread, or at once if no thread could be had.
    private func start(_ subject: Subject, settings: RunSettings, afterwards: @escaping @Sendable () -> Void = {}) -> PendingRun {
        let limit = settings.hardLimit(target: subject.tickTarget(requested: settings.ticks), searchesOutside: subject.findHeldFrom != nil)
        let pending = PendingRun(subject: subject.name, limit: limit)
        let run = SubjectRun(subject: subject, settings: settings)
        do {
            pending.thread = try HarnessThread.start {
                pending.finish(with: run.execute())
                afterwards()
            }
        } catch {
            pending.finish(with: .failure(.couldNotStart(subject: subject.name, reason: "no thread: \(error.reason)")))
            afterwards()
        }
        return pending
    }
}
