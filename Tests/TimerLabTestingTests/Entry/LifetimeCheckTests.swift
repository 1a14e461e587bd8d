import Foundation
import Synchronization
import TestSupport
import Testing
import TimerLabTesting

/// The public check, on types a user might write: the verdict, the culprit by property path,
/// a freed type that starts nothing told as such, and the Linux cause for block timers.
@Suite(.timeLimit(.minutes(2))) struct LifetimeCheckTests {
    @Test func aChildObjectsSourceIsNamedAsTheCulprit() async throws {
        let report = try await Lifetime.check {
            Dashboard()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "ticker.source", "\(report)")
        #expect(report.culprit?.kind == .dispatchSource)
        #expect(report.text.contains("ticker.source (DispatchSourceTimer): not cancelled after release"), "\(report)")
        #expect(report.fix?.contains("timerlab diff gcd-strong gcd") == true, "\(report)")
    }

    @Test func aTaskPropertyIsNamedAsTheCulpritAndTheFixIsSaid() async throws {
        let report = try await Lifetime.check {
            Poller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
        #expect(report.text.contains("cancelling `task` (Task) freed it"))
        #expect(report.text.contains("fix                   take self weakly in the task and bind it"), "\(report)")
        #expect(report.fix?.contains("timerlab diff task-strong task-weak-each") == true)
    }

    @Test func aTaskOfAnyResultTypeIsFoundAndNamed() async throws {
        let report = try await Lifetime.check {
            Fetcher()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "fetch", "\(report)")
        #expect(report.culprit?.kind == .task)
    }

    @Test func aWeakTaskIsFreed() async throws {
        let report = try await Lifetime.check {
            PolitePoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.holders.map(\.path) == ["task"])
        #expect(report.fix == nil)
    }

    @Test func whatTheAppCallsBeforeReleaseIsCalled() async throws {
        let report = try await Lifetime.check {
            Poller()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.task?.cancel()
        }
        #expect(report.fate == .freed, "\(report)")
    }

    #if os(Linux)
    @Test func blockTimersInADictionaryAreNamedByKeyAndTheLinuxCauseIsGiven() async throws {
        let report = try await Lifetime.check {
            Clocks()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil)
        #expect(Set(report.stopsTried) == [#"timers["utc"]"#, #"timers["local"]"#], "\(report)")
        // Invalidating frees nothing on Linux; the blocks are seen capturing it instead.
        #expect(Set(report.capturingClosures.map(\.path)) == [#"timers["utc"]"#, #"timers["local"]"#], "\(report)")
        #expect(report.text.contains("nor, on Linux, does invalidating a Timer release its block"), "\(report)")
        #expect(report.fix?.contains("capture [weak self] in the timer's block") == true, "\(report)")
        // The repeating timers' fires are seen, before the release and after it (still driven).
        #expect(report.timerTicksBeforeRelease > 0 && report.timerTicksAfterRelease > 0, "\(report)")
    }
    #endif

    @Test func aTypeThatStartsNothingIsFreedAndTheReportSaysItProvesNothingAboutTimers() async throws {
        let report = try await Lifetime.check {
            Idle()
        } start: {
            $0.start()
        }
        #expect(report.freed && !report.sawSomethingRunning, "\(report)")
        #expect(report.text.contains("so this check proves nothing about timers"), "\(report)")
    }

    @Test func durationsOfZeroAreRefused() async throws {
        await #expect(throws: LifetimeCheckError.self) {
            try await Lifetime.check(with: LifetimeDefaults(running: .zero)) {
                Idle()
            } start: {
                $0.start()
            }
        }
    }

    /// A task that counts on `tick` until cancelled: what keeps a poller that starts it.
    static func spinning(_ tick: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                tick()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    /// Checks a poller `start` makes spin, with no patience, and cancels its task after.
    static func checkSpinning<Poller: AnyObject>(
        _ make: @escaping () -> Poller, start: @escaping (Poller) -> Task<Void, Never>
    ) async throws -> LifetimeReport {
        let running = Mutex<Task<Void, Never>?>(nil)
        defer { running.withLock { $0?.cancel() } }
        return try await Lifetime.check(with: LifetimeDefaults(patience: .zero), make) { poller in
            let task = start(poller)
            running.withLock { $0 = task }
        }
    }

    /// A poller whose task, kept in a `Mutex`, captures it.
    final class LockedPoller: @unchecked Sendable {
        let task = Mutex<Task<Void, Never>?>(nil)
        // Changed only inside the task.
        var ticks = 0
        func start() -> Task<Void, Never> {
            let running = LifetimeCheckTests.spinning { self.ticks += 1 }
            task.withLock { $0 = running }
            return running
        }
    }

    /// The task a `Mutex` keeps is read under the `Mutex`'s lock: named, and its cancel proves it
    /// (issue 66, item 7; before, the headline said only that `task` could not be looked inside).
    @Test func aLeakThroughAMutexOfATaskNamesTheTask() async throws {
        let report = try await Self.checkSpinning({ LockedPoller() }, start: { $0.start() })
        #expect(report.fate == .leaked)
        #expect(report.text.hasPrefix("LockedPoller: LEAKED, held by `task` (Task)\n"), "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
    }

    /// A poller whose tasks, kept in a `Mutex` of an array the check cannot open, capture it.
    final class LockedPollers: @unchecked Sendable {
        let tasks = Mutex<[Task<Void, Never>]>([])
        // Changed only inside the task.
        var ticks = 0
        func start() -> Task<Void, Never> {
            let running = LifetimeCheckTests.spinning { self.ticks += 1 }
            tasks.withLock { $0.append(running) }
            return running
        }
    }

    /// Its headline names the storage the check could not open, not "held from outside".
    @Test func aLeakThroughAMutexTheCheckCannotOpenNamesIt() async throws {
        let report = try await Self.checkSpinning({ LockedPollers() }, start: { $0.start() })
        #expect(report.fate == .leaked)
        #expect(report.text.hasPrefix("LockedPollers: LEAKED, held through `tasks`, storage the check cannot look inside"), "\(report)")
    }

    /// A helper at the end of a chain `length` long; the last keeps a timer whose block captures the owner.
    final class Link {
        var next: Link?
        var timer: Timer?
    }

    final class ChainOwner: @unchecked Sendable {
        var head = Link()
        let length: Int
        init(length: Int) { self.length = length }
        func start() {
            var last = head
            for _ in 1..<length {
                let next = Link()
                last.next = next
                last = next
            }
            let timer = Timer(timeInterval: 0.005, repeats: true) { _ in _ = self }
            RunLoop.current.add(timer, forMode: .default)
            last.timer = timer
        }
    }

    /// A holder 60 links down a chain of `next` properties is within the walk's bounds: named (issue 66, item 7).
    @Test func aHolderSixtyLinksDownIsNamed() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            ChainOwner(length: 60)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked)
        let path = "head" + String(repeating: ".next", count: 59) + ".timer"
        #expect(report.text.hasPrefix("ChainOwner: LEAKED, held by `\(path)`'s block, which captures it\n"), "\(report)")
        #expect(report.notExamined.isEmpty, "\(report)")
    }

    /// A holder past the walk's depth is not blamed on an unstored timer: the report says where
    /// the check stopped looking.
    @Test func aHolderPastTheWalksDepthIsSaidToBeWhereTheCheckStopped() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            // Each link is two of the walk's 256 levels (its property, then the optional's value).
            ChainOwner(length: 256)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked)
        #expect(report.text.hasPrefix("ChainOwner: LEAKED, held past where the check stopped looking (its properties below"), "\(report)")
        #expect(!report.text.contains("no property holds it"), "\(report)")
    }
}
