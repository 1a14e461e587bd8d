import Foundation

/// The block API used carelessly: the closure uses `self` strongly, and the owner keeps the timer.
///
/// The block replaced the target, not the strong reference: run loop → timer → block → owner.
final class BlockStrongViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in
            self.helloWorld()  // ◀
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
    /// `block-strong`: a block timer whose closure captures its owner strongly.
    package static let blockStrong = Scenario(
        name: "block-strong", family: .blockAPI, articles: [.a000, .a004],
        summary: "block-based timer whose closure uses self strongly",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        linuxNote: """
            Stopping the timer does not free this owner on Linux, where a Timer and its block are never \
            freed; on Apple platforms invalidate() releases the block and with it the owner.
            """,
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .block, "the timer's block"),
                    .strong(.block, .owner, "block captures self"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The block API removes the target, not the strong reference: the block captures self, the \
                timer keeps the block, the run loop keeps the timer. The owner's deinit, which would \
                invalidate the timer, never runs.
                """,
            fix: """
                Capture [weak self] in the block (block-weak).
                """),
        makeOwner: BlockStrongViewController.init)
}
