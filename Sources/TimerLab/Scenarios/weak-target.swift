import Foundation

/// Article 004's `TimerLeakVC`: a `weak` timer property and a `weakSelf` target — and still a leak.
///
/// Neither `weak` reaches the timer: reading `weakSelf` hands the timer an ordinary strong
/// reference, which it keeps until invalidated; the run loop keeps the timer.
final class WeakTargetViewController: ViewController, @unchecked Sendable {
    private weak var timer: Timer?

    override func viewDidLoad() {
        timerLeak()
    }

    func timerLeak() {
        weak let weakSelf = self
        // The `!` is the whole story: a weak variable yields a strong reference when read.
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: weakSelf!, selector: WeakTargetViewController.helloWorld,  // ◀
            userInfo: nil, repeats: true)
        context.probe.watch(timer)
    }

    func helloWorld(_ timer: Timer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `weak-target`: a weak target variable and a weak timer property do not break the cycle.
    package static let weakTarget = Scenario(
        name: "weak-target", family: .targetAction, articles: [.a004],
        summary: "passes a weak var weakSelf as the target and keeps the timer in a weak property",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .owner, "target: weakSelf, read as a strong reference"),
                    .weak(.owner, .timer, "weak timer property"),
                ]),
            why: """
                Neither weak reference touches the timer's own strong one. Reading the weak variable \
                weakSelf yields an ordinary strong reference, which the timer keeps until it is \
                invalidated; and the weak timer property was never the problem, because the run loop \
                keeps the timer anyway.
                """,
            fix: """
                As for strong-target: the timer must not hold the owner, or must be invalidated before \
                release. A weak variable passed as a target fixes nothing.
                """),
        makeOwner: WeakTargetViewController.init)
}
