import Foundation

/// Article 002's fix: add the timer for the common modes, which include the tracking mode.
final class ModeCommonViewController: ViewController, @unchecked Sendable {
    private var progressTimer: Timer?

    override func viewDidLoad() {
        let progressTimer = Timer(
            fire: Date(timeIntervalSinceNow: context.interval), interval: context.interval, repeats: true
        ) { [weak self] _ in
            self?.updateProgress()
        }
        RunLoop.current.add(progressTimer, forMode: .common)  // ◀
        self.progressTimer = progressTimer
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
    /// `mode-common`: a common-modes timer fires while the run loop tracks.
    package static let modeCommon = Scenario(
        name: "mode-common", family: .runLoop, articles: [.a002],
        summary: "the same timer added for the common modes, with the tracking mode registered as common",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled for the common modes"),
                    .strong(.timer, .block, "the timer's block"),
                    .weak(.block, .owner, "[weak self]"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                Adding the timer for .common puts it in every mode registered as common, the tracking \
                mode included, so it fires while the user scrolls.
                """,
            fix: """
                This is article 002's fix: RunLoop.current.add(timer, forMode: .common).
                """),
        runLoopMode: .tracking,
        makeOwner: ModeCommonViewController.init)
}
