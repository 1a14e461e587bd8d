import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimerLabTesting

/// Objects a test already makes, checked when it ends: a freed one passes, a late release passes
/// with a warning, a leak fails with its holders named exactly as `expectFreed` names them, and
/// an object the test case itself still holds is said so.
@Suite(.timeLimit(.minutes(2))) struct TrackTests {
    static let site = CallSite(fileID: "TimerLabTestingTests/TrackTests.swift", filePath: #filePath, line: 1, column: 1)

    /// Tracks what `make` builds and starts, lets it go, and judges it as the end of a test does.
    static func judge(
        patience: Duration = .zero, testCase: AnyObject? = nil, _ make: () -> AnyObject
    ) async -> Judgement {
        let tracker = LeakTracker(patience: patience)
        let tracked = TrackedObject(make(), site: site, isolation: nil, settings: CheckSettings.current)
        return await tracker.check(tracked, testCase: testCase)
    }

    static func report(_ judgement: Judgement) -> LifetimeReport? {
        guard case .fail(let error) = judgement else { return nil }
        return error.report
    }

    @Test func aFreedObjectPasses() async {
        let judgement = await Self.judge {
            let poller = PolitePoller()
            poller.start()
            return poller
        }
        guard case .pass = judgement else {
            Issue.record("\(judgement)")
            return
        }
    }

    /// The tracked object was made, started and let go by the test, not by the check: its task
    /// is found in its stored properties and named the culprit.
    @Test func aLeakFailsWithItsHolderNamed() async throws {
        let judgement = await Self.judge {
            let poller = Poller()
            poller.start()
            return poller
        }
        let report = try #require(Self.report(judgement), "\(judgement)")
        #expect(report.fate == .leaked)
        #expect(report.culprit?.path == "task", "\(report)")
        guard case .fail(let error) = judgement else { return }
        #expect(error.description.hasPrefix("Poller: LEAKED"), "\(error)")
        #expect(error.reason == "Poller was not freed after the test that tracked it ended")
    }

    /// A closure a library stores is named, as `expectFreed` names it.
    @Test func aLibrarysStoredClosureIsNamed() async throws {
        let judgement = await Self.judge {
            let poller = PricePoller()
            poller.start()
            poller.startRepeater()
            return poller
        }
        let report = try #require(Self.report(judgement), "\(judgement)")
        #expect(report.capturingClosures.map(\.path) == ["repeater.observers[0]"], "\(report)")
    }

    /// Alive when the test ends, gone seconds later: freed late, a warning, not a leak. The delay
    /// is longer than the other late releases': a tracked object is released before the check
    /// begins, and a loaded machine has stretched the grace period's end past 1.2 s.
    @Test func aLateReleasePassesWithAWarning() async {
        let judgement = await Self.judge(patience: .seconds(10)) {
            let editor = DraftEditor(delay: .seconds(3))
            editor.leave()
            return editor
        }
        guard case .warn(let report) = judgement else {
            Issue.record("\(judgement)")
            return
        }
        #expect(report.description.contains("FREED LATE"), "\(report)")
    }

    /// The same late release with no patience is a leak: the warning above is the patience's.
    /// The editor's save waits for a gate the test opens only after the verdict, so however slow
    /// the machine, the release is still pending when the grace period ends.
    @Test func theSameLateReleaseWithNoPatienceIsALeak() async {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let judgement = await Self.judge(patience: .zero) {
            let editor = GatedEditor()
            editor.leave(after: gate)
            return editor
        }
        open.finish()
        #expect(Self.report(judgement)?.fate == .leaked, "\(judgement)")
        #expect(Self.report(judgement)?.holders.map(\.path) == ["task"], "\(judgement)")
    }

    /// A test case that keeps the object in a property is named, not a timer.
    @Test func anObjectTheTestCaseHoldsIsToldApart() async {
        final class TestCase {
            var sut: Poller?
        }
        let testCase = TestCase()
        let judgement = await Self.judge(testCase: testCase) {
            let poller = Poller()
            testCase.sut = poller
            return poller
        }
        guard case .fail(let error) = judgement else {
            Issue.record("\(judgement)")
            return
        }
        #expect(error.text.contains("still referenced by the test case (its property `sut`)"), "\(error)")
        #expect(error.report == nil)
    }

    /// A timer on a run loop the test never ran is said so, in its holder's row; the same timer
    /// started by `Lifetime.check`, on the run loop the check runs, is not (the control).
    @Test func aTimerOnARunLoopTheTestNeverRanIsSaidSo() async throws {
        // Started on this test's thread, whose run loop nothing runs.
        let judgement = await Self.judge {
            let ticker = UndrivenTicker()
            ticker.start()
            return ticker
        }
        let report = try #require(Self.report(judgement), "\(judgement)")
        #expect(report.text.contains("past due then: the run loop it is on was not running it"), "\(report)")
        let driven = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            UndrivenTicker()
        } start: {
            $0.start()
        }
        #expect(driven.timerTicksBeforeRelease > 0, "\(driven)")
        #expect(!driven.text.contains("past due"), "\(driven)")
    }

    /// A timer the test scheduled and nothing stores is out of tracking's sight: the report says
    /// so, and does not claim that no unstored timer explains the leak. The control: the same type
    /// started by `Lifetime.check`, whose `start` it watches, is said to have scheduled one.
    @Test func anUnstoredTimerTheTestStartedIsSaidToBeOutOfSight() async throws {
        let judgement = await Self.judge {
            let timer = FireAndForgetTimer()
            timer.start()
            return timer
        }
        let report = try #require(Self.report(judgement), "\(judgement)")
        #expect(report.heldFromOutside, "\(report)")
        #expect(report.text.contains("cannot be seen when tracking"), "\(report)")
        #expect(!report.text.contains("no unstored timer explains it"), "\(report)")
        #expect(!report.text.contains("start scheduled no timer"), "\(report)")
        let started = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            FireAndForgetTimer()
        } start: {
            $0.start()
        }
        #expect(started.text.contains("start scheduled a timer on the run loop the check ran"), "\(started)")
    }

    /// A tracked object's one-shot is due after the check began, not "after start": no start of
    /// the check's ran. The control: the same type started by `Lifetime.check` says "after start".
    @Test func aTrackedOneShotIsDueAfterTheCheckBegan() async throws {
        let judgement = await Self.judge {
            let reminder = SnoozedReminder()
            reminder.start()
            return reminder
        }
        let report = try #require(Self.report(judgement), "\(judgement)")
        #expect(report.text.contains("one-shot, due"), "\(report)")
        #expect(report.text.contains("after the check began"), "\(report)")
        #expect(!report.text.contains("after start"), "\(report)")
        let started = try await Lifetime.check(with: LifetimeDefaults(patience: .zero)) {
            SnoozedReminder()
        } start: {
            $0.start()
        }
        #expect(started.text.contains("after start"), "\(started)")
    }

    /// A tracked object is checked with the defaults in force where the test tracked it, inside
    /// the test's own traits, not those around the test library's end of the test; a patience the
    /// tracker was given still wins.
    @Test func aTrackedObjectTakesTheDefaultsWhereItWasTracked() async {
        let tracked = CheckSettings.$current.withValue(LifetimeDefaults(patience: .milliseconds(70), attachments: false).inForce) {
            let poller = Poller()
            poller.start()
            return (poller, TrackedObject(poller, site: Self.site, isolation: nil, settings: CheckSettings.current))
        }
        #expect(tracked.1.settings.attachments == false)
        let byDefaults = Self.report(await LeakTracker().check(tracked.1, testCase: nil))
        #expect(byDefaults?.patience == .milliseconds(70), "\(String(describing: byDefaults))")
        let given = Self.report(await LeakTracker(patience: .zero).check(tracked.1, testCase: nil))
        #expect(given?.patience == .zero, "\(String(describing: given))")
        withExtendedLifetime(tracked.0) {}
    }

    /// Several tracked objects are reported each on its own, once, at the line that tracked it;
    /// a freed one beside them, not at all.
    @Test func eachLeakIsReportedOnceAtItsOwnLine() async {
        let tracker = LeakTracker(patience: .zero)
        func site(_ line: Int) -> CallSite { CallSite(fileID: Self.site.fileID, filePath: #filePath, line: UInt(line), column: 1) }
        func started<T: AnyObject>(_ object: T, _ start: (T) -> Void) -> T {
            start(object)
            return object
        }
        tracker.track(started(Poller()) { $0.start() }, site: site(101), isolation: nil)
        tracker.track(started(PolitePoller()) { $0.start() }, site: site(102), isolation: nil)
        tracker.track(started(Dashboard()) { $0.start() }, site: site(103), isolation: nil)
        let seen = Mutex<[String]>([])
        await withKnownIssue {
            await tracker.checkAll()
        } matching: { issue in
            let header = "\(issue)".contains("Poller: LEAKED") ? "Poller" : "\(issue)".contains("Dashboard: LEAKED") ? "Dashboard" : "?"
            seen.withLock { $0.append("\(header)@\(issue.sourceLocation?.line ?? 0)") }
            return true
        }
        #expect(seen.withLock { $0 } == ["Poller@101", "Dashboard@103"])
    }

    /// Without the trait nothing would check it: that is a failure, at the line, never a pass;
    /// it names the trait, and for an XCTest user, who has no traits, `trackForLeaks`.
    @Test func trackWithoutTheTraitIsAFailure() {
        withKnownIssue {
            track(Idle())
        } matching: { issue in
            "\(issue)".contains("give the test, or its suite, the .leakChecked trait")
                && "\(issue)".contains("in an XCTest test, call trackForLeaks(_:) instead")
        }
    }
}

/// The trait on tests that leak nothing: freed objects pass; a late release within the patience
/// passes (its warning is recorded, and is no failure); a main-actor object is checked on the
/// main actor.
@Suite(.timeLimit(.minutes(2))) struct LeakCheckTraitTests {
    @Test(.leakChecked) func freedObjectsPass() {
        let poller = track(PolitePoller())
        poller.start()
        track(Idle())
    }

    @Test(.leakChecked, .lifetimeDefaults(LifetimeDefaults(patience: .seconds(10)))) func aLateReleasePasses() {
        track(DraftEditor(delay: .seconds(3))).leave()
    }

    @MainActor @Test(.leakChecked) func aMainActorObjectIsCheckedOnTheMainActor() {
        track(PoliteBanner()).start()
    }

    /// What the trait's check found, observed: the same object tracked leaks, on the main actor.
    @MainActor @Test func aMainActorLeakIsFoundOnTheMainActor() async throws {
        let tracker = LeakTracker(patience: .zero)
        // Made in a function of its own, so no local of this test keeps it.
        let tracked = TrackedObject(
            Self.startedBanner(), site: TrackTests.site, isolation: MainActor.shared, settings: CheckSettings.current)
        let judgement = await tracker.check(tracked, testCase: nil)
        let report = try #require(TrackTests.report(judgement), "\(judgement)")
        #expect(report.holders.map(\.path) == ["timer"], "\(report)")
    }

    @MainActor static func startedBanner() -> Banner {
        let banner = Banner()
        banner.start()
        return banner
    }
}

/// Snoozes a reminder for a minute with a one-shot block timer it keeps, capturing self.
final class SnoozedReminder: @unchecked Sendable {
    private var snooze: Timer?
    private(set) var reminded = false
    func start() {
        snooze = Timer.scheduledTimer(withTimeInterval: 60, repeats: false) { _ in self.reminded = true }
    }
}

/// Saves once a gate opens, keeping itself through its task until then: a late release whose
/// moment the test chooses.
final class GatedEditor: @unchecked Sendable {
    private var task: Task<Void, Never>?
    private(set) var saves = 0
    func leave(after gate: AsyncStream<Void>) {
        task = Task {
            for await _ in gate {}
            self.saves += 1
            self.task = nil
        }
    }
}
