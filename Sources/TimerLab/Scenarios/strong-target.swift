import Foundation

/// Article 000's `ViewController`: the timer's target is `self`, kept in a strong property.
///
/// `deinit` invalidates the timer, but it never runs: the run loop retains the timer, the timer
/// retains its target, and the owner is that target.
final class StrongTargetViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        startPolling()
    }

    func startPolling() {
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: self, selector: StrongTargetViewController.doPoll,  // ◀
            userInfo: nil, repeats: true)
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
    /// `strong-target`: a repeating target-action timer whose target is its owner.
    package static let strongTarget = Scenario(
        name: "strong-target", family: .targetAction, articles: [.a000, .a001, .a002],
        summary: "schedules a repeating timer with target: self, keeps it in a strong property, invalidates in deinit",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled: a run loop keeps its timers"),
                    .strong(.timer, .owner, "target, held until invalidated"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The run loop keeps the scheduled timer, and the timer keeps its target until it is \
                invalidated. The owner is that target, so releasing it changes nothing: its deinit, \
                where the invalidate() call waits, can never run.
                """,
            fix: """
                Invalidate before the owner goes (explicit-invalidate), or make sure the timer does not \
                hold the owner: a block with [weak self] (block-weak), a weak intermediate (proxy, \
                temp-target), or a GCD timer with a weak handler (gcd, weak-timer).
                """),
        makeOwner: StrongTargetViewController.init)
}
