import Foundation

/// Article 002's first pitfall: `scheduledTimer` puts the timer in the default mode only, so it
/// is silent while the run loop runs in the tracking mode (while the user scrolls).
final class ModeDefaultViewController: ViewController, @unchecked Sendable {
    private var progressTimer: Timer?

    override func viewDidLoad() {
        progressTimer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in  // ◀
            self?.updateProgress()
        }
        context.probe.watch(progressTimer)
    }

    func updateProgress() {
        doSomething()
    }

    deinit {
        progressTimer?.invalidate()
    }
}

extension Scenario {
    /// `mode-default`: a default-mode timer does not fire while the run loop tracks.
    package static let modeDefault = Scenario(
        name: "mode-default", family: .runLoop, articles: [.a002],
        summary: "a timer added for the default mode while the run loop runs in a tracking mode (as while scrolling)",
        expectation: Expectation(Outcome(owner: .freed, fired: false, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled in the default mode only"),
                    .strong(.timer, .block, "the timer's block"),
                    .weak(.block, .owner, "[weak self]"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The timer sits in the default mode while the run loop runs in the tracking mode, as it \
                does while the user scrolls: the timer never fires. It holds its owner only weakly, so \
                the owner is freed and invalidates it.
                """,
            fix: """
                Add the timer for the common modes (mode-common).
                """),
        runLoopMode: .tracking,
        makeOwner: ModeDefaultViewController.init)
}
