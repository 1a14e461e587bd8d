import Foundation

/// Article 003's last version: the proxy also holds the timer weakly and invalidates it on the
/// first fire that finds the owner gone, so the owner needs no `deinit` at all.
final class ProxyAutoInvalidateViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        let proxy = WeakProxy(
            target: self, action: ProxyAutoInvalidateViewController.helloWorld,
            invalidatesTimerWhenTargetIsGone: true)  // ◀
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: proxy,
            selector: WeakProxy<ProxyAutoInvalidateViewController>.forward, userInfo: nil, repeats: true)
        proxy.timer = timer
        context.probe.watch(timer)
        context.probe.watchIntermediate(proxy, kind: .weakProxy)
    }

    func helloWorld(_ timer: Timer) {
        doSomething()
    }
}

extension Scenario {
    /// `proxy-autoinvalidate`: a proxy that stops the timer once its target is gone.
    package static let proxyAutoInvalidate = Scenario(
        name: "proxy-autoinvalidate", family: .intermediate, articles: [.a003],
        summary: "the proxy also holds the timer weakly and invalidates it on the first fire that finds the owner gone",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .proxy, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled until the proxy invalidates it"),
                    .strong(.timer, .proxy, "target"),
                    .weak(.proxy, .owner, "weak target"),
                    .weak(.proxy, .timer, "weak timer"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The proxy also holds the timer weakly, and the first fire that finds its target gone \
                invalidates the timer: the owner needs no deinit at all.
                """,
            fix: """
                This is article 003's final version.
                """),
        makeOwner: ProxyAutoInvalidateViewController.init)
}
