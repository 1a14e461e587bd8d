import Foundation

/// Article 001's view controller using `TempTarget`: the timer's target is an intermediate that
/// holds the owner weakly, forwards while it lives, and invalidates the timer once it is gone.
///
/// The owner does not invalidate anything in `deinit`; the intermediate does it on the next fire.
final class TempTargetViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        let tempTimer = TempTarget.scheduledTimer(  // ◀
            withTimeInterval: context.interval, target: self, selector: TempTargetViewController.timerStart,
            userInfo: nil, repeats: true)
        timer = tempTimer
        context.probe.watch(timer)
        if let tempTarget = tempTimer.target {
            context.probe.watchIntermediate(tempTarget, kind: .tempTarget)
        }
    }

    func timerStart(_ timer: Timer) {
        doSomething()
    }
}

extension Scenario {
    /// `temp-target`: an intermediate target that stops the timer once its owner is gone.
    package static let tempTarget = Scenario(
        name: "temp-target", family: .intermediate, articles: [.a001],
        summary: "an intermediate holds the owner weakly, forwards while it lives, invalidates the timer once it is gone",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .tempTarget, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled until the TempTarget invalidates it"),
                    .strong(.timer, .tempTarget, "target"),
                    .weak(.tempTarget, .owner, "weak target"),
                    .weak(.tempTarget, .timer, "weak timer"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The timer's target is the TempTarget, which points at the owner only weakly. Once the \
                owner is gone, the next fire finds no target and the TempTarget invalidates the timer.
                """,
            fix: """
                This is article 001's fix. The timer lives on until that next fire, and the owner needs \
                no deinit.
                """),
        makeOwner: TempTargetViewController.init)
}
