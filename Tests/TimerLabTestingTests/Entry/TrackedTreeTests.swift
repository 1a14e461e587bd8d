import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TimerLabTesting

/// A tracked object found freed when its test ends is judged with its tree, as `expectFreed`
/// judges one (issue #67): a part it alone kept when it was tracked, still alive after the
/// patience, fails, named by its path with what holds it; a tree that goes passes; what
/// something else keeps is never judged. Each shape's truth without timerlab: `TreeTruthTests`.
@Suite(.timeLimit(.minutes(2))) struct TrackedTreeTests {
    /// Tracks an object as a test does, before starting it, then lets it go and judges it as the
    /// end of the test does, the object gone by then.
    static func judge<T: AnyObject>(_ make: () -> T, start: (T) -> Void) async -> Judgement {
        let tracker = LeakTracker(patience: .milliseconds(300))
        var object: T? = make()
        let tracked = TrackedObject(object!, site: TrackTests.site, isolation: nil, settings: CheckSettings.current)
        start(object!)
        object = nil
        #expect(tracked.object == nil, "the tracked object itself must be freed for this test to mean anything")
        return await tracker.check(tracked, testCase: nil)
    }

    static func passes(_ judgement: Judgement) -> Bool {
        if case .pass = judgement { return true }
        return false
    }

    @Test func aFreedScreensPollerLeakingThroughItsTimerFails() async {
        let judgement = await Self.judge({ Tree.Screen(weakPoller: false) }, start: { $0.start() })
        let report = TrackTests.report(judgement)
        #expect(report?.freed == true)
        #expect(report?.leakedChildren.map(\.path) == ["poller"])
        #expect(
            report?.description.hasPrefix("Screen: freed, but `poller` (TimerPoller) LEAKED, held by `poller.timer` (Timer)") == true,
            "\(String(describing: report))")
        // On Linux a block Timer's closure is never released: stopping it frees nothing.
        #expect(report?.leakedChildren.first?.stopsTried == ["poller.timer"])
        // Its ticks were never watched: the check began with the screen gone.
        #expect(report?.description.contains("timer ticks") == false, "\(String(describing: report))")
    }

    @Test func aFreedScreenWhosePollerTakesItselfWeaklyPasses() async {
        let judgement = await Self.judge({ Tree.Screen(weakPoller: true) }, start: { $0.start() })
        #expect(Self.passes(judgement), "\(judgement)")
    }

    @Test func aRefresherItsSourceKeepsIsNamedByTheCancelThatFreesIt() async {
        let judgement = await Self.judge({ Tree.ViewModel(tearsDown: false) }, start: { $0.start() })
        let report = TrackTests.report(judgement)
        #expect(report?.leakedChildren.map(\.path) == ["refresher"], "\(String(describing: report))")
        #expect(report?.leakedChildren.first?.culprit == "refresher.source", "\(String(describing: report))")
    }

    @Test func aViewModelThatStopsItsRefresherInDeinitPasses() async {
        let judgement = await Self.judge({ Tree.ViewModel(tearsDown: true) }, start: { $0.start() })
        #expect(Self.passes(judgement), "\(judgement)")
    }

    @Test func aWidgetDeepInACollectionIsNamedByItsIndex() async {
        let judgement = await Self.judge({ Tree.Dashboard() }, start: { $0.start() })
        let report = TrackTests.report(judgement)
        #expect(report?.leakedChildren.map(\.path) == ["widgets[2]"], "\(String(describing: report))")
        #expect(report?.leakedChildren.first?.culprit == "widgets[2].source", "\(String(describing: report))")
    }

    /// The app-wide clock the screen keeps beside its own poller is the app's: never a part.
    @Test func whatSomethingElseKeepsIsNotAPart() async {
        let clock = Tree.Clock()
        let judgement = await Self.judge({ Tree.ClockScreen(clock: clock) }, start: { $0.start() })
        #expect(Self.passes(judgement), "\(judgement)")
        withExtendedLifetime(clock) {}
    }
}

extension TrackedTreeTests {
    /// A part that `start` handed to the app (a registry) is the app's by the test's end, as a
    /// part kept elsewhere is to `expectFreed`: never judged, nothing of it stopped; the control
    /// is the registry, without which it goes.
    @Test func aPartTheAppRegisteredAfterTrackIsTheAppsAndKeepsRefreshing() async {
        let judgement = await Self.judge({ RegisteringScreen() }, start: { $0.start() })
        #expect(Self.passes(judgement), "\(judgement)")
        let watch = OutsideHolderTests.Watch<RegisteredRefresher>()
        _ = RefresherRegistry.shared.first.map(watch.keep)
        let before = watch.object?.refreshes ?? 0
        #expect(watch.object != nil, "nothing kept the registered refresher")
        #expect(await eventually { (watch.object?.refreshes ?? 0) > before + 2 }, "the check stopped the app's refresher")
        RefresherRegistry.shared.removeAll()
        #expect(await eventually { watch.object == nil }, "out of the registry, the refresher lives on")
    }
}

/// A screen whose refresher the app registers once it starts: its part when tracked, the app's
/// by the test's end.
final class RegisteringScreen: @unchecked Sendable {
    let refresher = RegisteredRefresher()
    func start() { refresher.start() }
}

/// A correct refresher (`[weak self]`, cancelled in `deinit`) that registers itself.
/// `@unchecked Sendable`: its handler only bumps an `Atomic` counter.
final class RegisteredRefresher: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: .global())
    private let count = Atomic<Int>(0)
    var refreshes: Int { count.load(ordering: .relaxed) }
    func start() {
        source.schedule(deadline: .now(), repeating: .milliseconds(2))
        source.setEventHandler { [weak self] in self?.count.add(1, ordering: .relaxed) }
        source.resume()
        RefresherRegistry.shared.add(self)
    }
    deinit { source.cancel() }
}

/// The app-wide list of registered refreshers. `@unchecked Sendable`: its list is touched under its lock.
final class RefresherRegistry: @unchecked Sendable {
    static let shared = RefresherRegistry()
    private let lock = NSLock()
    private var refreshers: [RegisteredRefresher] = []
    var first: RegisteredRefresher? { lock.withLock { refreshers.first } }
    func add(_ refresher: RegisteredRefresher) { lock.withLock { refreshers.append(refresher) } }
    func removeAll() { lock.withLock { refreshers.removeAll() } }
}
