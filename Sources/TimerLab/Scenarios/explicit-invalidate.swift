import Foundation

/// Articles 000 and 002's fix: the same owner as `strong-target`, stopped before it goes away.
///
/// `viewWillDisappear` calls `stopPolling()` — invalidate, then drop the property — so the timer
/// lets go of its target before anyone needs `deinit` to run.
final class ExplicitInvalidateViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        startPolling()
    }

    override func viewWillDisappear() {
        stopPolling()  // ◀
    }

    func startPolling() {
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: self,
            selector: ExplicitInvalidateViewController.doPoll, userInfo: nil, repeats: true)
        context.probe.watch(timer)
    }

    func stopPolling() {
        timer?.invalidate()
        timer = nil
    }

    func doPoll(_ timer: Timer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `explicit-invalidate`: the "invalidate in viewWillDisappear" fix.
    package static let explicitInvalidate = Scenario(
        name: "explicit-invalidate", family: .targetAction, articles: [.a000, .a002],
        summary: "like strong-target, but stop() (invalidate, then nil the property) is called before release",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .owner],
                edges: [
                    .cut(.runLoop, .timer, "removed by invalidate()"),
                    .cut(.timer, .owner, "target released by invalidate()"),
                    .cut(.owner, .timer, "timer property set to nil"),
                ]),
            why: """
                viewWillDisappear calls stopPolling(): invalidate() takes the timer off the run loop and \
                makes it release its target, then the property is cleared. By the time the caller lets \
                go, nothing else holds the owner, and it is freed.
                """,
            fix: """
                This is the fix, at a price: someone must remember to stop the timer before every \
                release. Forget it once and this is strong-target again.
                """),
        makeOwner: ExplicitInvalidateViewController.init)
}
