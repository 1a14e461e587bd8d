import Dispatch
import Foundation

/// Article 002's GCD timer with the handler using `self` strongly while the owner holds the source.
///
/// GCD is no cure by itself: owner → source → handler → owner is a cycle, and the queue keeps
/// firing the resumed source.
final class GCDStrongViewController: ViewController, @unchecked Sendable {
    private var timer: DispatchSourceTimer?

    override func viewDidLoad() {
        let interval = DispatchTimeInterval.nanoseconds(Int(context.interval * 1e9))
        let timer = DispatchSource.makeTimerSource(queue: context.queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            self.countDown()
        }
        timer.resume()
        self.timer = timer
        context.probe.watch(timer)
    }

    func countDown() {
        doSomething()
    }

    deinit {
        timer?.cancel()
    }
}

extension Scenario {
    /// `gcd-strong`: a dispatch source whose handler captures its owner strongly.
    public static let gcdStrong = Scenario(
        name: "gcd-strong", family: .gcd, articles: [.a002],
        summary: "the same source, but the handler uses self strongly while the owner holds the source",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        makeOwner: GCDStrongViewController.init)
}
