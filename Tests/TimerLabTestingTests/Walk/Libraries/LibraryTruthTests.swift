import Foundation
import TestSupport
import Testing

/// The truth of each library shape, measured without timerlab: a plain weak reference after
/// release. A leak is judged against a control that did happen (the object was still driven
/// after its release), then confirmed by cutting the one reference the check names; a late
/// release is alive at release and gone within its delay.
@Suite(.timeLimit(.minutes(2))) struct LibraryTruthTests {
    @Test func theRepeatersObserversHoldThePoller() async {
        let (repeater, poller) = { () -> (Repeater, WeakBox<PricePoller>) in
            let poller = PricePoller()
            poller.start()
            poller.startRepeater()
            return (poller.repeater, WeakBox(poller))
        }()
        let polls = poller.object?.polls ?? 0
        #expect(await eventually { (poller.object?.polls ?? 0) >= polls + 3 }, "still driven after release")
        repeater.removeAllObservers()
        #expect(await eventually { poller.object == nil }, "freed once the observers are cut")
    }

    @Test func theThrottlersCallbackHoldsTheSearchField() async {
        let (throttle, field) = { () -> (Throttle, WeakBox<SearchField>) in
            let field = SearchField()
            field.start()
            return (field.throttler, WeakBox(field))
        }()
        let searches = field.object?.searches ?? 0
        #expect(await eventually { (field.object?.searches ?? 0) >= searches + 3 }, "still driven after release")
        throttle.onTick(nil)
        #expect(await eventually { field.object == nil }, "freed once the callback is cut")
    }

    @Test func theLiveScoresTaskHoldsItAndItsLibraryResumesItsOwnSource() async {
        let (task, score) = { () -> (Task<Void, Never>?, WeakBox<LiveScore>) in
            let score = LiveScore()
            score.start()
            return (score.task, WeakBox(score))
        }()
        let ticks = score.object?.ticks ?? 0
        #expect(await eventually { (score.object?.ticks ?? 0) >= ticks + 3 }, "still driven after release")
        task?.cancel()
        #expect(await eventually { score.object == nil }, "freed once the task is cancelled")
    }

    @Test func aWeakObserverLeavesThePollerFreed() async {
        let poller = { () -> WeakBox<WeakPricePoller> in
            let poller = WeakPricePoller()
            poller.start()
            return WeakBox(poller)
        }()
        #expect(await eventually { poller.object == nil })
    }

    @Test(arguments: LateRelease.allCases) func aLateReleaseIsAliveAtReleaseAndFreedWithinItsDelay(_ shape: LateRelease) async {
        let object = shape.makeStartAndRelease()
        #expect(object.object != nil, "alive at release: something holds it until its delay ends")
        #expect(await eventually(within: 5) { object.object == nil }, "freed once its delay ended")
    }
}

/// The late releases, each made, started, left and let go of as an app does.
enum LateRelease: String, CaseIterable, Sendable {
    case debouncer, throttler, oneShot, cancelledWorkItem

    func makeStartAndRelease() -> WeakBox<AnyObject> {
        switch self {
        case .debouncer:
            let editor = DraftEditor()
            editor.start()
            editor.leave()
            return WeakBox(editor)
        case .throttler:
            let tracker = ScrollTracker()
            tracker.start()
            tracker.leave()
            return WeakBox(tracker)
        case .oneShot:
            let toast = ToastPresenter()
            toast.start()
            toast.leave()
            return WeakBox(toast)
        case .cancelledWorkItem:
            let autosave = AutosaveController()
            autosave.start()
            autosave.leave()
            return WeakBox(autosave)
        }
    }
}

/// A weak reference that can be handed between tasks. `@unchecked Sendable`, with this
/// invariant: it is only read (a weak load is atomic in the Swift runtime).
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
