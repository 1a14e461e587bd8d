import Foundation

/// Article 004's first fix (iOS 10's block API): the closure captures `[weak self]`.
///
/// Nothing the timer holds reaches the owner, so its `deinit` runs and invalidates the timer.
final class BlockWeakViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timerDeallocBySystemApi()
    }

    func timerDeallocBySystemApi() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in  // ◀
            self?.helloWorld()
        }
        context.probe.watch(timer)
    }

    func helloWorld() {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `block-weak`: a block timer whose closure captures its owner weakly.
    package static let blockWeak = Scenario(
        name: "block-weak", family: .blockAPI, articles: [.a000, .a001, .a004],
        summary: "block-based timer with [weak self], invalidated in deinit",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .block, "the timer's block"),
                    .weak(.block, .owner, "[weak self]"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The block captures self weakly, so nothing the timer holds keeps the owner alive. \
                Releasing the owner runs its deinit, which invalidates the timer.
                """,
            fix: """
                This is the fix: the block API with [weak self] (articles 000, 001 and 004).
                """),
        makeOwner: BlockWeakViewController.init)
}
