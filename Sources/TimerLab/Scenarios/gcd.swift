import Dispatch
import Foundation

/// Article 002's GCD timer: a `DispatchSourceTimer` whose handler captures `[weak self]`.
///
/// No run loop is involved; the owner holds the source, the handler does not hold the owner, and
/// `deinit` cancels the source.
final class GCDViewController: ViewController, @unchecked Sendable {
    private var timer: DispatchSourceTimer?

    override func viewDidLoad() {
        let interval = DispatchTimeInterval(seconds: context.interval)
        let timer = DispatchSource.makeTimerSource(queue: context.queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: DispatchTimeInterval(seconds: context.leeway))
        context.probe.recordRequestedTolerance(context.leeway)
        timer.setEventHandler { [weak self] in  // ◀
            self?.countDown()
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
    /// `gcd`: a dispatch source timer with a weak handler, cancelled in `deinit`.
    package static let gcd = Scenario(
        name: "gcd", family: .gcd, articles: [.a002],
        summary: "a DispatchSourceTimer whose handler captures [weak self]; cancelled in deinit",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.source, .handler, .owner],
                edges: [
                    .strong(.source, .handler, "event handler"),
                    .weak(.handler, .owner, "[weak self]"),
                    .strong(.owner, .source, "timer property"),
                ]),
            why: """
                No run loop is involved. The handler captures self weakly, so only the owner holds the \
                source; releasing the owner runs its deinit, which cancels the source.
                """,
            fix: """
                This is article 002's GCD timer: a dispatch source with a weak handler, cancelled in \
                deinit.
                """),
        makeOwner: GCDViewController.init)
}
