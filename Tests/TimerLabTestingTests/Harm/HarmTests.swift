import Foundation
import TestSupport
import Testing
import TimerLabTesting

/// A check does no harm: after it, a shared service the checked object only refers to still
/// ticks; legal values, long structures and Swift 6 storage never end the process or hang it.
@Suite(.timeLimit(.minutes(2))) struct HarmTests {
    /// A check of `make`'s screen, freed (`leaks: false`) or leaked, leaves the shared clock ticking.
    private func expectClockStillTicks(_ leaks: Bool, _ make: @escaping @Sendable (SharedClock, Bool) -> AnyObject) async throws {
        let clock = SharedClock()
        let registry = ClockRegistry()
        registry.keep(clock)
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            make(clock, leaks)
        } start: { screen in
            (screen as? StrongClockScreen)?.start()
            (screen as? WeakClockScreen)?.start()
            (screen as? UnownedClockScreen)?.start()
        }
        #expect(report.freed == !leaks, "\(report)")
        if ProcessInfo.processInfo.environment["TIMERLAB_PEEK"] != nil { print(report) }
        #expect(clock.isRunning, "the check cancelled the shared clock's source: \(report)")
        // The control: the clock ticks on after the check, so it was not stopped.
        let before = clock.ticks
        #expect(await eventually { clock.ticks > before + 2 }, "the shared clock stopped ticking: \(report)")
        withExtendedLifetime(registry) {}
    }

    @Test(arguments: [false, true]) func aStronglyKeptSharedServiceStillTicks(leaks: Bool) async throws {
        try await expectClockStillTicks(leaks) { StrongClockScreen(clock: $0, leaks: $1) }
    }

    @Test(arguments: [false, true]) func aWeaklyKeptSharedServiceStillTicks(leaks: Bool) async throws {
        try await expectClockStillTicks(leaks) { WeakClockScreen(clock: $0, leaks: $1) }
    }

    @Test(arguments: [false, true]) func anUnownedSharedServiceStillTicks(leaks: Bool) async throws {
        try await expectClockStillTicks(leaks) { UnownedClockScreen(clock: $0, leaks: $1) }
    }

    /// What holds the label is what its code gave the clock: the report names the clock, and
    /// never counsels cancelling the clock's source, which the app's other users need.
    @Test func aLeakThroughASharedClockNamesTheClockNotItsSource() async throws {
        let clock = SharedClock()
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SubscribedClockLabel(clock: clock)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked && report.candidates.isEmpty, "\(report)")
        #expect(report.text.hasPrefix("SubscribedClockLabel: LEAKED, held from outside its stored properties, or through `clock`"))
        #expect(report.fix?.contains("undo what your code scheduled through `clock`") == true, "\(report)")
        #expect(report.holders.map(\.keptElsewhere) == ["clock"], "\(report)")
        // Its subscribers sit in a Mutex of a type the check does not open: named by the whole path.
        #expect(report.notExamined.contains { $0.hasPrefix("`clock.subscribers`: storage") }, "\(report)")
        #expect(clock.isRunning, "the check cancelled the shared clock's source: \(report)")
        clock.unsubscribeAll()
    }

    @Test func aTimerDueInTheDistantFutureIsReportedNotFatal() async throws {
        let report = try await Lifetime.check {
            HandFiredScheduler()
        } start: {
            $0.start()
        }
        #expect(report.holders.count == 1, "\(report)")
        #expect(report.text.contains("never fires"), "\(report)")
    }

    @Test func anUnownedFieldToAGoneObjectIsNeverRead() async throws {
        let report = try await Lifetime.check {
            OrphanedChild(parent: OrphanedChild.Parent())
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(report.holders.map(\.path) == ["ticker"], "\(report)")
    }

    @Test func aLongLinkedListIsWalkedWithinBounds() async throws {
        let report = try await Lifetime.check {
            EventQueue(length: 200_000)
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(report.holders.map(\.path) == ["pump"], "\(report)")
        #expect(report.notExamined.count == 1, "\(report)")
        #expect(report.text.contains("not examined          its properties below `head.next.next … next.next"), "\(report)")
    }

    /// Its run loop would step through every 10 ms since `Date.distantPast` before firing it (50 s
    /// here): the check skips that catch-up, says so, and the timer runs, and leaks its owner, from now.
    @Test func anOverdueTimerIsRunFromNowAndItsLeakJudged() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            OverdueTicker()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "timer" || !report.capturingClosures.isEmpty, "\(report)")
        #expect((report.holders.first?.timer?.catchUpSkipped ?? .zero) > .seconds(1_000_000_000), "\(report)")
        #expect(report.timerTicksBeforeRelease > 0, "\(report)")
        #expect(report.text.contains("the check moved its fire date to now"), "\(report)")
    }

    @Test func aTimerBlockThatHoldsTheCheckThreadEndsTheCheckAtItsTimeout() async throws {
        let gate = DispatchSemaphore(value: 0)
        defer { gate.signal() }
        do {
            let report = try await Lifetime.check(with: LifetimeDefaults(timeout: .milliseconds(500))) {
                GatedPoller(gate: gate)
            } start: {
                $0.start()
            }
            Issue.record("the check waited for the block and reported: \(report)")
        } catch {
            #expect(error.code == .timedOut, "\(error)")
            #expect(error.text.contains("code of the object's on the check's thread"), "\(error)")
        }
    }

    @Test(arguments: [false, true]) func aSourceInAMutexIsSeen(leaks: Bool) async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            LockedSourcePoller(leaks: leaks)
        } start: {
            $0.start()
        }
        #expect(report.freed == !leaks, "\(report)")
        #expect(report.holders.map(\.path) == ["state"], "\(report)")
        if leaks {
            #expect(report.culprit?.path == "state", "\(report)")
            // What holds it on the first line, the fix on the third: the evidence follows.
            let lines = report.description.split(separator: "\n")
            #expect(lines.first == "LockedSourcePoller: LEAKED, held by `state` (DispatchSourceTimer)", "\(report)")
            #expect(lines.dropFirst().first?.hasPrefix("  culprit               cancelling `state`") == true, "\(report)")
            #expect(lines.dropFirst(2).first?.hasPrefix("  fix  ") == true, "\(report)")
        }
    }
}

/// An object that keeps thousands of holders costs one stop of the whole collection, not one
/// each, and its report has one row for them, never one per innocent.
@Suite(.timeLimit(.minutes(2))) struct ManyHoldersTests {
    @Test func aLeakAmongThreeThousandSourcesIsFoundByOneStopOfTheGroup() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SourceFarm(count: 3000)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil && report.culpritGroup.contains { $0.path == "sources[1500]" }, "\(report)")
        #expect(report.holders.count == 3000, "\(report)")
        let lines = report.description.split(separator: "\n")
        #expect(lines.count < 20, "\(report)")
        // The headline, the culprit and the holders: one line each for the 3,000.
        #expect(lines.filter { $0.contains("sources[") }.count == 3, "\(report)")
        #expect(lines.first?.hasPrefix("SourceFarm: LEAKED, held by one of `sources[0…") == true, "\(report)")
        #expect(report.text.contains("sources[0…2999] (3000 × DispatchSourceTimer)"), "\(report)")
    }

    @Test func threeThousandTasksOfAFreedObjectAreOneRow() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            TaskFleet(count: 3000)
        } start: {
            $0.start()
        }
        #expect(report.freed, "\(report)")
        #expect(report.holders.count == 3000, "\(report)")
        #expect(report.description.split(separator: "\n").count < 10, "\(report)")
        #expect(report.text.contains("tasks[0…2999] (3000 × Task)"), "\(report)")
    }
}

/// A leak that nothing pending can free is judged at the end of the grace period; one with
/// something still pending is watched for the whole patience, as a late release needs.
@Suite(.timeLimit(.minutes(2))) struct PatienceTests {
    final class Cycle: @unchecked Sendable {
        var onChange: (() -> Void)?
        var timer: Timer?
        func start(keepingATimer: Bool) {
            onChange = { _ = self }
            if keepingATimer { timer = Timer.scheduledTimer(withTimeInterval: 3600, repeats: true) { [weak self] _ in _ = self } }
        }
    }

    @Test func aCycleThroughAStoredClosureWithNothingPendingIsJudgedAtOnce() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(30))) {
            Cycle()
        } start: {
            $0.start(keepingATimer: false)
        }
        #expect(report.fate == .leaked && report.judgedWithoutPatience, "\(report)")
        #expect(report.capturingClosures.map(\.path) == ["onChange"], "\(report)")
        #expect(report.text.contains("patience              none spent: nothing it stores could still let go of it"), "\(report)")
    }

    @Test func theSameCycleBesideARunningTimerIsWatchedForThePatience() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(200))) {
            Cycle()
        } start: {
            $0.start(keepingATimer: true)
        }
        #expect(report.fate == .leaked && !report.judgedWithoutPatience, "\(report)")
        #expect(report.text.contains("still alive 200 ms after the grace period"), "\(report)")
    }
}
