import Foundation

/// Fire and forget: `viewDidLoad()` schedules a repeating block timer that uses `self` strongly,
/// and keeps no reference to it.
///
/// No property of the owner holds the timer, so no property walk finds the culprit; the run loop
/// holds the timer, the timer holds its block, and the block holds the owner all the same.
final class TimerUnstoredViewController: ViewController, @unchecked Sendable {
    override func viewDidLoad() {
        let timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in
            self.refresh()  // ◀
        }
        context.probe.watch(timer)
    }

    func refresh() {
        doSomething()
    }
}

extension Scenario {
    /// `timer-unstored`: a repeating block timer started and forgotten.
    package static let timerUnstored = Scenario(
        name: "timer-unstored", family: .blockAPI, articles: [],
        summary: "viewDidLoad() schedules a repeating block timer that uses self strongly, and stores it nowhere",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .block, "the timer's block"),
                    .strong(.block, .owner, "closure captures self"),
                ]),
            why: """
                Nothing of the owner's holds the timer, and nothing needs to: the run loop keeps a \
                scheduled repeating timer until it is invalidated, its block keeps self, and no one \
                is left who can invalidate it. No property path leads to the culprit; a run shows it \
                instead: the owner outlives its release, and the timer it scheduled goes on firing \
                after it.
                """,
            fix: """
                Store the timer, capture self weakly, and invalidate it in deinit (block-weak). To \
                find such a timer in your own code, look in the start method for a \
                Timer.scheduledTimer whose result is discarded or kept in a local; TimerLabTesting's \
                report of a leak with nothing stored says whether start scheduled a timer on the \
                run loop.
                """),
        makeOwner: TimerUnstoredViewController.init)
}
