import Foundation
import Testing
import TimerLabTesting

/// Timer libraries as users own them: the closure a library stores is named as what holds the
/// object, its innocent source is not; a late release is freed late, not a leak; and no
/// clean-up crashes the process.
@Suite(.timeLimit(.minutes(2))) struct LibraryCheckTests {
    @Test func aClosureInARepeatersObserversIsNamedNotItsSource() async throws {
        let report = try await Lifetime.check {
            PricePoller()
        } start: {
            $0.start()
            $0.startRepeater()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit == nil, "\(report)")
        #expect(report.capturingClosures.map(\.path) == ["repeater.observers[0]"], "\(report)")
        #expect(report.capturingClosures.first?.keptBy == "Repeater", "\(report)")
        #expect(report.candidates.isEmpty, "no innocent source named: \(report)")
        #expect(report.fix?.contains("the closure your code passes to Repeater") == true, "\(report)")
        #expect(!report.text.contains("capture [weak self] in the source's event handler"), "\(report)")
    }

    @Test func aRepeaterWhoseObserverTakesSelfWeaklyIsFreed() async throws {
        let report = try await Lifetime.check {
            WeakPricePoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed && report.freedLate == nil, "\(report)")
    }

    @Test func aLibrarysStopThatKeepsItsClosuresIsNotHeldFromOutside() async throws {
        let report = try await Lifetime.check {
            PricePoller()
        } start: {
            $0.start()
            $0.startRepeater()
        } beforeRelease: {
            $0.repeater.stop()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(!report.heldFromOutside, "\(report)")
        #expect(report.capturingClosures.map(\.path) == ["repeater.observers[0]"], "\(report)")
        #expect(!report.text.contains("held from outside"), "\(report)")
    }

    @Test func aClosureInsideAClosureBehindALazyVarIsNamedByItsProperty() async throws {
        let report = try await Lifetime.check {
            SearchField()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        let closure = try #require(report.capturingClosures.first, "\(report)")
        #expect(closure.path == "throttler.callback", "\(report)")
        #expect(closure.keptBy == "Throttle", "\(report)")
        #expect(closure.through == ["a closure"], "\(report)")
        #expect(!report.text.contains("$__lazy_storage_$_"), "\(report)")
    }

    // The late releases below get ten seconds of patience: their verdict is the time their
    // object goes against the grace period's end and the patience's, and a loaded machine (two
    // cores, a suite's checks) stretches the steps between by a second and more.
    @Test func aSleepingDebouncerIsFreedLateNotLeaked() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(10))) {
            DraftEditor()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        #expect(report.fate == .freed, "\(report)")
        let late = try #require(report.freedLate, "\(report)")
        #expect(late > .milliseconds(20) && late < .seconds(11), "\(report)")
        #expect(report.pendingAtGraceEnd.map(\.path) == ["debouncer.task"], "\(report)")
        #expect(report.description.hasPrefix("DraftEditor: FREED LATE"), "\(report)")
        #expect(!report.text.contains("take self weakly in the task"), "\(report)")
    }

    @Test func aThrottlerWhoseTaskBindsSelfIsFreedLate() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(10))) {
            ScrollTracker()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        #expect(report.freed && report.freedLate != nil, "\(report)")
        #expect(report.pendingAtGraceEnd.map(\.path) == ["task"], "\(report)")
    }

    @Test func aOneShotThatKeepsItselfUntilItFiresIsFreedLate() async throws {
        let report = try await Lifetime.check {
            ToastPresenter()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        #expect(report.freed && report.freedLate != nil, "\(report)")
        #expect(report.text.contains("nothing it stores was still going"), "\(report)")
    }

    @Test func aCancelledWorkItemTheQueueKeepsIsFreedLate() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .seconds(10))) {
            AutosaveController(delay: .seconds(4))
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        #expect(report.freed && report.freedLate != nil, "\(report)")
    }

    @Test func aLateReleaseFailsAStrictCheckAndOneWithNoPatienceIsALeak() async throws {
        await #expect(throws: LifetimeCheckError.self) {
            try await requireFreed(with: LifetimeDefaults(strict: true)) {
                ScrollTracker()
            } start: {
                $0.start()
            } beforeRelease: {
                $0.leave()
            }
        }
        let impatient = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            ScrollTracker()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        #expect(impatient.fate == .leaked, "\(impatient)")
        #expect(impatient.text.contains("patience              none: the verdict is the grace period's"), "\(impatient)")
    }

    @Test func aPausedLibrarySourceIsLeftSuspendedAndItsDeinitDoesNotTrap() async throws {
        // The library's deinit resumes its paused source: had the check resumed it too, the
        // process would trap here (over-resume), ending this test run. Its handler takes the
        // object weakly, so its cancel could not free it: the check does not touch it at all.
        let report = try await Lifetime.check {
            LiveScore()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.culprit?.path == "task", "\(report)")
        #expect(!report.stopsTried.contains("timer.source"), "\(report)")
        let source = try #require(report.holders.first { $0.path == "timer.source" }, "\(report)")
        #expect(source.wasSuspended == nil, "never stopped, so never looked at: \(report)")
    }

    @Test func aSuperclassesPrivateTimerAndASubclassesTimerAreBothReported() async throws {
        let report = try await Lifetime.check {
            WorldClock()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(Set(report.holders.map(\.path)) == ["_timer", "timer"], "\(report)")
    }

    @Test func anEnumPayloadIsWalkedAndARunWorkItemIsNotCalledCancelled() async throws {
        let report = try await Lifetime.check {
            Uploader()
        } start: {
            $0.start()
        }
        #expect(report.holders.map(\.path) == ["state(.uploading)", "finished"], "\(report)")
        let item = try #require(report.holders.last, "\(report)")
        #expect(item.goingAtRelease == false, "\(report)")
        #expect(report.text.contains("finished (DispatchWorkItem): already cancelled or performed before release"), "\(report)")
    }
}

/// A Timer whose block does not capture the object is innocent, and never named.
@Suite(.timeLimit(.minutes(2))) struct InnocentTimerTests {
    @Test func aTimerWhoseBlockTakesSelfWeaklyIsNoCandidate() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            HeartbeatPoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.holders.map(\.path) == ["heartbeat"], "\(report)")
        #expect(report.candidates.isEmpty && report.capturingClosures.isEmpty, "\(report)")
        #expect(report.heldFromOutside, "\(report)")
    }

    @Test func aLeakWithSomethingStillGoingNamesALongerPatience() async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .milliseconds(100))) {
            HeartbeatPoller()
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        #expect(report.text.contains("waiting for `heartbeat` (still valid after release) to end"), "\(report)")
        #expect(report.text.contains("a longer patience shows a late release (patience: .seconds(1))"), "\(report)")
    }
}

/// Each shape of capture is read for what it is: strong ones name the closure, weak, unowned and
/// context-free ones hold nothing.
@Suite(.timeLimit(.minutes(2))) struct CaptureShapeTests {
    @Test(arguments: CaptureShapeOwner.Shape.allCases)
    func aClosureIsNamedExactlyWhenItCapturesTheObject(_ shape: CaptureShapeOwner.Shape) async throws {
        let report = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            CaptureShapeOwner()
        } start: {
            $0.start(shape)
        }
        #expect(report.fate == (shape.leaks ? .leaked : .freed), "\(shape): \(report)")
        #expect(report.capturingClosures.map(\.path) == (shape.named ? ["bag.actions[0]"] : []), "\(shape): \(report)")
        if shape == .throughObject {
            #expect(report.capturingClosures.first?.through.last == "a Relay", "\(report)")
        }
    }
}
