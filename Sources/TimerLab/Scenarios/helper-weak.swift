import Foundation

/// The same screen and poller, but the poller's block takes the poller weakly.
///
/// Nothing the run loop reaches holds the poller either, so the screen's release frees both: the
/// screen's `poller` property was the poller's only owner, and the poller's `deinit` stops the timer.
final class HelperWeakViewController: ViewController, @unchecked Sendable {
    private var poller: WeakPoller?

    override func viewDidLoad() {
        let poller = WeakPoller(context: context)
        poller.start()
        self.poller = poller
        context.probe.watchHelper(poller)
    }
}

/// The helper the screen makes: it polls on a block timer of its own and stops it in `deinit`.
///
/// `@unchecked Sendable` as `ViewController` is: `timer` is written once, in `start()` on the
/// harness's thread before the timer can fire, and read again only in `deinit`.
final class WeakPoller: @unchecked Sendable {
    private let context: ScenarioContext
    private var timer: Timer?

    init(context: ScenarioContext) {
        self.context = context
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in  // ◀
            self?.poll()
        }
        context.probe.watch(timer)
    }

    func poll() {
        context.probe.recordTick()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `helper-weak`: the helper takes itself weakly, so the owner's release frees it too.
    package static let helperWeak = Scenario(
        name: "helper-weak", family: .blockAPI, articles: [],
        summary: "the same poller, whose block takes it weakly: the owner's release frees the poller, which stops its timer",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped, helper: .freed)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .poller, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .block, "the timer's block"),
                    .weak(.block, .poller, "[weak self]"),
                    .strong(.poller, .timer, "timer property"),
                    .strong(.owner, .poller, "poller property"),
                ]),
            why: """
                The block takes the poller weakly, so nothing the run loop keeps reaches it: the owner's \
                poller property is its only owner. Releasing the owner frees the poller, and the poller's \
                deinit stops its timer.
                """,
            fix: """
                This is the fix: whatever an object makes and alone keeps must not be kept by its own timer. \
                Stopping the poller in the owner's deinit is not enough on Linux, where a block Timer keeps \
                its block, and what it captures, after invalidate() (block-invalidated).
                """),
        makeOwner: HelperWeakViewController.init)
}
