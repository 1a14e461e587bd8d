import Foundation

/// Article 000's MSWeakTimer, as `WeakTimer`: a GCD timer on a private queue with a weak target.
///
/// The owner holds the `WeakTimer`, the `WeakTimer` holds the owner weakly, and `deinit`
/// invalidates it — from whatever thread the owner happens to die on.
final class WeakTimerViewController: ViewController, @unchecked Sendable {
    private var timer: WeakTimer?

    override func viewDidLoad() {
        let timer = WeakTimer(
            timeInterval: context.interval, target: self, selector: WeakTimerViewController.timerDidFire,  // ◀
            userInfo: nil, repeats: true, dispatchQueue: context.queue)
        timer.tolerance = context.leeway
        timer.schedule()
        self.timer = timer
        context.probe.watch(timer)
        context.probe.watchIntermediate(timer, kind: .weakTimer)
        context.probe.recordRequestedTolerance(timer.tolerance)
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
    package static let weakTimer = Scenario(
        name: "weak-timer", family: .gcd, articles: [.a000],
        summary: "an MSWeakTimer-style timer: GCD source on a private queue, weak target, atomic invalidate, tolerance as leeway",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.source, .handler, .weakTimer, .owner],
                edges: [
                    .strong(.source, .handler, "event handler"),
                    .weak(.handler, .weakTimer, "[weak self]"),
                    .strong(.weakTimer, .source, "its private source"),
                    .weak(.weakTimer, .owner, "weak target"),
                    .strong(.owner, .weakTimer, "timer property"),
                ]),
            why: """
                The WeakTimer holds its target weakly, and its source's handler holds the WeakTimer \
                weakly, so only the owner holds the WeakTimer. Releasing the owner runs its deinit, \
                which invalidates the WeakTimer; the source is cancelled on its private queue.
                """,
            fix: """
                This is MSWeakTimer (article 000), here as WeakTimer in Mechanisms/: a weak target, \
                invalidate from any thread, tolerance as leeway.
                """),
        makeOwner: WeakTimerViewController.init)
}
