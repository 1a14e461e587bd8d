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
        // Article 002 allows a tenth of the interval as leeway (0.1 s of a 1 s timer).
        let leeway = DispatchTimeInterval.nanoseconds(Int(context.interval * 1e8))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: leeway)
        context.probe.recordRequestedTolerance(context.interval / 10)
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
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.queue, .source, .handler, .owner],
                edges: [
                    .strong(.queue, .source, "an active source stays scheduled until cancelled"),
                    .strong(.source, .handler, "event handler"),
                    .strong(.handler, .owner, "handler captures self"),
                    .strong(.owner, .source, "timer property"),
                ]),
            why: """
                GCD is no cure by itself: the handler captures self, the active source keeps its \
                handler, and the owner keeps the source. The deinit that would cancel the source never \
                runs.
                """,
            fix: """
                Capture [weak self] in the handler (gcd).
                """),
        makeOwner: GCDStrongViewController.init)
}
