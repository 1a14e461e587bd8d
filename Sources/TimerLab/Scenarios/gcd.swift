import Dispatch
import Foundation

/// Article 002's GCD timer: a `DispatchSourceTimer` whose handler captures `[weak self]`.
///
/// No run loop is involved; the owner holds the source, the handler does not hold the owner, and
/// `deinit` cancels the source.
final class GCDViewController: ViewController, @unchecked Sendable {
    private var timer: DispatchSourceTimer?

    override func viewDidLoad() {
        let interval = DispatchTimeInterval.nanoseconds(Int(context.interval * 1e9))
        let timer = DispatchSource.makeTimerSource(queue: context.queue)
        // Article 002 allows a tenth of the interval as leeway (0.1 s of a 1 s timer).
        let leeway = DispatchTimeInterval.nanoseconds(Int(context.interval * 1e8))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: leeway)
        context.probe.recordRequestedTolerance(context.interval / 10)
        timer.setEventHandler { [weak self] in
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
    public static let gcd = Scenario(
        name: "gcd", family: .gcd, articles: [.a002],
        summary: "a DispatchSourceTimer whose handler captures [weak self]; cancelled in deinit",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.queue, .source, .handler, .owner],
                edges: [
                    .strong(.queue, .source, "an active source stays scheduled until cancelled"),
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
