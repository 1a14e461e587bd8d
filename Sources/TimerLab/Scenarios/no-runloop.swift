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
        DispatchQueue.global().async {
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
    public static let noRunLoop = Scenario(
        name: "no-runloop", family: .runLoop, articles: [.a002, .a004],
        summary: "schedules a target-action timer from a global-queue thread whose run loop never runs",
        expectation: Expectation(Outcome(owner: .leaked, fired: false, afterRelease: .running)),
        makeOwner: NoRunLoopViewController.init)
}
