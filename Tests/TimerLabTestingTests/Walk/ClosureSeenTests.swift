import Foundation
import Synchronization
import Testing
import TimerLabTesting

/// A freed object that kept no holder the check knows says what it saw: the closures of a
/// library's handle that took it, weakly or strongly; "proves nothing" only where none did.
@Suite(.timeLimit(.minutes(1))) struct ClosureSeenTests {
    /// A scheduler's handle the check does not know: it keeps the closure it is given.
    final class Scheduled: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// Keeps a handle whose closure takes it weakly, or (`bystander`) takes another object.
    final class Flusher: @unchecked Sendable {
        var handle: Scheduled?
        let other = NSObject()
        func start(takingSomethingElse: Bool) {
            handle =
                takingSomethingElse
                ? Scheduled { [weak other] in _ = other }
                : Scheduled { [weak self] in _ = self }
        }
    }

    /// Keeps a handle whose closure takes it strongly, dropped before release.
    final class Closer: @unchecked Sendable {
        var handle: Scheduled?
        func start() { handle = Scheduled { _ = self } }
        func close() { handle = nil }
    }

    /// A service other objects use too: it keeps what they schedule in a variable.
    final class SharedScheduler: @unchecked Sendable {
        var queued: [() -> Void] = []
    }

    /// Schedules on a shared service, weakly.
    final class Client: @unchecked Sendable {
        let scheduler: SharedScheduler
        init(_ scheduler: SharedScheduler) { self.scheduler = scheduler }
        func start() { scheduler.queued.append { [weak self] in _ = self } }
    }

    @Test func aSharedServicesVariablesUnreadAreSaid() async throws {
        let scheduler = SharedScheduler()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Client(scheduler)
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(report.text.contains("what `scheduler` runs was not read (something else keeps it too"), "\(report)")
        withExtendedLifetime(scheduler) {}
    }

    /// Schedules on a shared service, strongly: the service keeps it.
    final class StrongClient: @unchecked Sendable {
        let scheduler: SharedScheduler
        init(_ scheduler: SharedScheduler) { self.scheduler = scheduler }
        func start() { scheduler.queued.append { _ = self } }
    }

    @Test func aLeakThroughASharedServiceNamesTheHandleItCouldNotRead() async throws {
        let scheduler = SharedScheduler()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            StrongClient(scheduler)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked && report.heldFromOutside, "\(report)")
        #expect(report.text.hasPrefix("StrongClient: LEAKED, held from outside its stored properties, or through `scheduler`"))
        #expect(report.fix?.hasPrefix("if a closure your code gave `scheduler` (or the library behind it) captures self") == true)
        scheduler.queued.removeAll()
    }

    /// A shared service that runs what it is given once, `delay` later, then drops it.
    final class DelayedRunner: Sendable {
        private let pending = Mutex<[@Sendable () -> Void]>([])
        func run(after delay: DispatchTimeInterval, _ work: @escaping @Sendable () -> Void) {
            pending.withLock { $0.append(work) }
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                for work in self.pending.withLock({ pending in
                    defer { pending.removeAll() }
                    return pending
                }) { work() }
            }
        }
    }

    /// Gives the shared runner, as it leaves, a closure that takes it strongly, due 5 s later.
    final class LateClient: @unchecked Sendable {
        let runner: DelayedRunner
        init(_ runner: DelayedRunner) { self.runner = runner }
        func leave() { runner.run(after: .seconds(5)) { _ = self } }
    }

    @Test func aLateReleaseThroughASharedServiceNamesTheHandle() async throws {
        let runner = DelayedRunner()
        // Given right before the release, and due 5 s after it: past a 100 ms grace period
        // however long the run before it took, even when a loaded machine stalls the check's
        // thread for seconds (CI saw a 2 s one at the suite's start, when 400 tests begin).
        let report = try await Lifetime.check(with: LifetimeDefaults(grace: .milliseconds(100), patience: .seconds(10))) {
            LateClient(runner)
        } start: { _ in
        } beforeRelease: {
            $0.leave()
        }
        #expect(report.freedLate != nil, "\(report)")
        #expect(report.text.contains("what `runner` keeps (something else keeps it too, so that was not read)"), "\(report)")
        withExtendedLifetime(runner) {}
    }

    @Test func aHandleWhoseClosureTakesItWeaklyIsSaid() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Flusher()
        } start: {
            $0.start(takingSomethingElse: false)
        }
        #expect(report.freed, "\(report)")
        #expect(report.text.contains("before release `handle.work` (a closure Scheduled keeps) took it weakly"), "\(report)")
        #expect(!report.text.contains("proves nothing"), "\(report)")
    }

    @Test func aClosureTakingSomethingElseProvesNothing() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Flusher()
        } start: {
            $0.start(takingSomethingElse: true)
        }
        #expect(report.freed, "\(report)")
        #expect(!report.text.contains("took it"), "\(report)")
        #expect(report.text.contains("so this check proves nothing about timers"), "\(report)")
    }

    @Test func aStrongClosureDroppedBeforeReleaseIsSaidStrong() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            Closer()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.close()
        }
        #expect(report.freed, "\(report)")
        #expect(report.text.contains("`handle.work` (a closure Scheduled keeps) took it strongly"), "\(report)")
    }
}
