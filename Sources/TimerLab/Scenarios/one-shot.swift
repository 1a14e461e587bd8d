import Foundation

/// Article 002's non-repeating case: `repeats: false`, so the timer invalidates itself after firing.
///
/// Invalidation is what releases the target, so after its one fire the timer no longer holds the
/// owner, even though the owner still holds the timer.
final class OneShotViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: self, selector: OneShotViewController.countdownFinished,
            userInfo: nil, repeats: false)  // ◀
        context.probe.watch(timer)
    }

    func countdownFinished(_ timer: Timer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `one-shot`: a non-repeating target-action timer releases its target once it has fired.
    package static let oneShot = Scenario(
        name: "one-shot", family: .targetAction, articles: [.a002],
        summary: "repeats: false; the timer invalidates itself after its one fire, which drops the target",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .owner],
                edges: [
                    .cut(.runLoop, .timer, "removed after its one fire"),
                    .cut(.timer, .owner, "target released after its one fire"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                A non-repeating timer invalidates itself after it fires, and invalidation is when a \
                timer lets go of its target. After the one tick only the owner holds the timer, not the \
                other way round.
                """,
            fix: """
                None is needed once it has fired. Until then a one-shot timer holds its target like any \
                other.
                """),
        tickLimit: 1,
        makeOwner: OneShotViewController.init)
}
