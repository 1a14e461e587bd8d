import Foundation

/// A Linux finding: a strong block capture leaks even after the timer is invalidated and dropped.
///
/// The owner does everything right by Apple's rules — `stop()` invalidates the timer and drops
/// it before release — but Linux Foundation never frees a `Timer` (it retains the timer as its
/// CFRunLoopTimer's context and never releases it), so the block, and the `self` it captured,
/// live on. On Apple platforms invalidation releases the block and the owner is freed.
final class BlockInvalidatedViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in
            self.helloWorld()  // ◀
        }
        context.probe.watch(timer)
    }

    override func viewWillDisappear() {
        stop()
    }

    func stop() {
        timer?.invalidate()  // ◀
        timer = nil
    }

    func helloWorld() {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `block-invalidated`: Linux's own leak — an invalidated block timer still holds its captures.
    package static let blockInvalidated = Scenario(
        name: "block-invalidated", family: .blockAPI, articles: [],
        summary: "block timer capturing self strongly; stop() invalidates and nils the timer before release",
        expectation: Expectation(
            linux: Outcome(owner: .leaked, fired: true, afterRelease: .stopped),
            apple: Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        linuxNote: """
            Linux Foundation never frees a Timer: it retains the Timer as its CFRunLoopTimer's context \
            and never releases it, so the block and the self it captured outlive invalidate(). On Apple \
            platforms invalidate() releases the block and the owner is freed.
            """,
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .block, .owner],
                edges: [
                    .cut(.runLoop, .timer, "removed by invalidate()"),
                    .strong(.timer, .block, "the timer's block"),
                    .strong(.block, .owner, "block captures self"),
                    .cut(.owner, .timer, "timer property set to nil"),
                ]),
            why: """
                stop() invalidates the timer and drops it before release. On Apple platforms that is \
                enough: an invalidated timer nobody holds is freed with its block. On Linux, Foundation \
                keeps every Timer, and so its block and everything the block captured, for the life of \
                the process.
                """,
            fix: """
                Capture [weak self] even when you invalidate: it is the only version that is freed on \
                every platform.
                """),
        makeOwner: BlockInvalidatedViewController.init)
}
