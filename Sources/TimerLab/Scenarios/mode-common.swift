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
        RunLoop.current.add(progressTimer, forMode: .common)
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
    public static let modeCommon = Scenario(
        name: "mode-common", family: .runLoop, articles: [.a002],
        summary: "the same timer added for the common modes, with the tracking mode registered as common",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        runLoopMode: .tracking,
        makeOwner: ModeCommonViewController.init)
}
