import Dispatch
import Foundation

/// Article 002's GCD timer with the handler using `self` strongly while the owner holds the source.
///
/// GCD is no cure by itself: owner → source → handler → owner is a cycle. No queue holds the
/// source (an unreferenced resumed source is freed at once); the cycle alone keeps all three alive.
final class GCDStrongViewController: ViewController, @unchecked Sendable {
    private var timer: DispatchSourceTimer?

    override func viewDidLoad() {
        let interval = DispatchTimeInterval(seconds: context.interval)
        let timer = DispatchSource.makeTimerSource(queue: context.queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: DispatchTimeInterval(seconds: context.leeway))
        context.probe.recordRequestedTolerance(context.leeway)
        timer.setEventHandler {
            self.countDown()  // ◀
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
    package static let gcdStrong = Scenario(
        name: "gcd-strong", family: .gcd, articles: [.a002],
        summary: "the same source, but the handler uses self strongly while the owner holds the source",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.source, .handler, .owner],
                edges: [
                    .strong(.source, .handler, "event handler"),
                    .strong(.handler, .owner, "handler captures self"),
                    .strong(.owner, .source, "timer property"),
                ]),
            why: """
                GCD is no cure by itself: the handler captures self, the source keeps its handler, and \
                the owner keeps the source. No queue or run loop holds any of them (a resumed source that \
                nothing references is freed at once); the cycle owner -> source -> handler -> owner is \
                enough, and the deinit that would cancel the source and break it never runs.
                """,
            fix: """
                Capture [weak self] in the handler (gcd).
                """),
        makeOwner: GCDStrongViewController.init)
}
