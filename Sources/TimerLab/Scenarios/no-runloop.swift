import Dispatch
import Foundation

/// Articles 002 and 004: a timer scheduled from a global-queue thread, whose run loop never runs.
///
/// `scheduledTimer` adds the timer to the *current* thread's run loop; on a dispatch worker thread
/// nobody runs it, so the timer never fires — yet it is valid and holds its target all the same.
final class NoRunLoopViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timerInOtherThread()
    }

    func timerInOtherThread() {
        DispatchQueue.global().async {  // ◀
            self.timer = TargetActionTimer.scheduledTimer(
                withTimeInterval: self.context.interval, target: self, selector: NoRunLoopViewController.timerSay,
                userInfo: nil, repeats: true)
            self.context.probe.watch(self.timer)
        }
    }

    func timerSay(_ timer: Timer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `no-runloop`: a timer on a thread whose run loop never runs never fires, and still leaks.
    package static let noRunLoop = Scenario(
        name: "no-runloop", family: .runLoop, articles: [.a002, .a004],
        summary: "schedules a target-action timer from a global-queue thread whose run loop never runs",
        expectation: Expectation(Outcome(owner: .leaked, fired: false, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.workerRunLoop, .timer, .owner],
                edges: [
                    .strong(.workerRunLoop, .timer, "scheduled on a run loop nobody runs"),
                    .strong(.timer, .owner, "target, held until invalidated"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                scheduledTimer adds the timer to the current thread's run loop. On a dispatch worker \
                thread nobody runs that run loop, so the timer never fires; yet it is valid and holds \
                its target, and the owner leaks just the same.
                """,
            fix: """
                Schedule the timer on a thread whose run loop runs (usually the main thread), or use a \
                GCD timer (gcd, weak-timer), which needs no run loop.
                """),
        machinery: [.queue], makeOwner: NoRunLoopViewController.init)
}
