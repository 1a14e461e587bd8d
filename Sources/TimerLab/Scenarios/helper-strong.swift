import Foundation

/// A screen that makes a poller and alone keeps it; the poller's block timer captures the poller.
///
/// Nothing the run loop reaches holds the screen, so it is freed, and its `poller` property goes
/// with it. The poller does not: run loop → timer → block → poller. Its `deinit`, which would stop
/// the timer, never runs, and it polls for as long as the app runs.
final class HelperStrongViewController: ViewController, @unchecked Sendable {
    private var poller: StrongPoller?

    override func viewDidLoad() {
        let poller = StrongPoller(context: context)
        poller.start()
        self.poller = poller
        context.probe.watchHelper(poller)
    }
}

/// The helper the screen makes: it polls on a block timer of its own and stops it in `deinit`.
///
/// `@unchecked Sendable` as `ViewController` is: `timer` is written once, in `start()` on the
/// harness's thread before the timer can fire, and read again only in `deinit`.
final class StrongPoller: @unchecked Sendable {
    private let context: ScenarioContext
    private var timer: Timer?

    init(context: ScenarioContext) {
        self.context = context
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in
            self.poll()  // ◀
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
    /// `helper-strong`: the owner is freed, but the helper it made leaks through its own timer.
    package static let helperStrong = Scenario(
        name: "helper-strong", family: .blockAPI, articles: [],
        summary: "the owner makes a poller whose block timer uses the poller strongly; the owner goes, the poller leaks",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .running, helper: .leaked)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .poller, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .block, "the timer's block"),
                    .strong(.block, .poller, "block captures the poller"),
                    .strong(.poller, .timer, "timer property"),
                    .strong(.owner, .poller, "poller property"),
                ]),
            why: """
                Nothing the run loop keeps reaches the owner, so it is freed; but the poller it made keeps its \
                own timer, whose block captures the poller. The poller's deinit, which would stop the timer, \
                never runs: the owner leaks what it made, and the timer polls for as long as the app runs.
                """,
            fix: """
                Let the poller take itself weakly in its block and stop its timer in deinit (helper-weak): \
                then the owner's release frees the poller, and the poller's deinit stops the timer.
                """),
        makeOwner: HelperStrongViewController.init)
}
