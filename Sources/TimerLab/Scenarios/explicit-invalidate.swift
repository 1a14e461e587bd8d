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
        stopPolling()
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
    public static let explicitInvalidate = Scenario(
        name: "explicit-invalidate", family: .targetAction, articles: [.a000, .a002],
        summary: "like strong-target, but stop() (invalidate, then nil the property) is called before release",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        makeOwner: ExplicitInvalidateViewController.init)
}
