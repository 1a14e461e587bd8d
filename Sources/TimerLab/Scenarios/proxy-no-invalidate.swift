import Foundation

/// Article 003's warning: the same weak proxy, but nobody invalidates the timer.
///
/// The owner is freed, yet the run loop keeps the timer and the timer keeps the proxy: it goes on
/// firing into a proxy with nothing behind it — "you can't see it, but it is there".
final class ProxyNoInvalidateViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        let proxy = WeakProxy(target: self, action: ProxyNoInvalidateViewController.helloWorld)  // ◀
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: proxy,
            selector: WeakProxy<ProxyNoInvalidateViewController>.forward, userInfo: nil, repeats: true)
        context.probe.watch(timer)
        context.probe.watchIntermediate(proxy, kind: .weakProxy)
    }

    func helloWorld(_ timer: Timer) {
        doSomething()
    }
}

extension Scenario {
    /// `proxy-no-invalidate`: the owner is freed but its timer keeps firing into an empty proxy.
    package static let proxyNoInvalidate = Scenario(
        name: "proxy-no-invalidate", family: .intermediate, articles: [.a003],
        summary: "the same proxy, but nobody invalidates: the timer keeps firing into an empty proxy",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .proxy, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled, and nobody invalidates it"),
                    .strong(.timer, .proxy, "target"),
                    .weak(.proxy, .owner, "weak target"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The owner is freed as with proxy, but nobody invalidates the timer: the run loop keeps \
                it, it keeps the proxy, and it goes on firing into a proxy with nothing behind it.
                """,
            fix: """
                Invalidate in deinit (proxy), or let the proxy invalidate the timer once its target is \
                gone (proxy-autoinvalidate).
                """),
        makeOwner: ProxyNoInvalidateViewController.init)
}
