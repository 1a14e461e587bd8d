import Foundation

/// Article 000's MSWeakTimer, as `WeakTimer`: a GCD timer on a private queue with a weak target.
///
/// The owner holds the `WeakTimer`, the `WeakTimer` holds the owner weakly, and `deinit`
/// invalidates it — from whatever thread the owner happens to die on.
final class WeakTimerViewController: ViewController, @unchecked Sendable {
    private var timer: WeakTimer?

    override func viewDidLoad() {
        let timer = WeakTimer(
            timeInterval: context.interval, target: self, selector: WeakTimerViewController.timerDidFire,
            userInfo: nil, repeats: true, dispatchQueue: context.queue)
        timer.tolerance = context.interval / 10
        timer.schedule()
        self.timer = timer
        context.probe.watch(timer)
    }

    func timerDidFire(_ timer: WeakTimer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `weak-timer`: an MSWeakTimer-style timer.
    public static let weakTimer = Scenario(
        name: "weak-timer", family: .gcd, articles: [.a000],
        summary: "an MSWeakTimer-style timer: GCD source on a private queue, weak target, atomic invalidate, tolerance as leeway",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        makeOwner: WeakTimerViewController.init)
}
