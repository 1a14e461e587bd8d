import Foundation

/// Articles 003 and 004's `TimerTargetProxy`: a weak proxy is the target and forwards to the owner.
///
/// The timer retains the proxy, the proxy only points at the owner, so the owner's `deinit` runs
/// — and invalidates the timer, as article 003 insists it must.
final class ProxyViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?
    private var timerProxy: WeakProxy<ProxyViewController>?

    override func viewDidLoad() {
        timerProxy = WeakProxy(target: self, action: ProxyViewController.helloWorld)  // ◀
        timerDeallocByWeakProxy()
    }

    func timerDeallocByWeakProxy() {
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: timerProxy!,
            selector: WeakProxy<ProxyViewController>.forward, userInfo: nil, repeats: true)
        context.probe.watch(timer)
        context.probe.watchIntermediate(timerProxy!, kind: .weakProxy)
    }

    func helloWorld(_ timer: Timer) {
        doSomething()
    }

    deinit {
        timer?.invalidate()  // ◀
    }
}

extension Scenario {
    /// `proxy`: a weak proxy as the target, and the owner invalidates in `deinit`.
    package static let proxy = Scenario(
        name: "proxy", family: .intermediate, articles: [.a003, .a004],
        summary: "a weak proxy is the target and forwards to the owner; the owner invalidates in deinit",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .proxy, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .proxy, "target"),
                    .weak(.proxy, .owner, "weak target"),
                    .strong(.owner, .timer, "timer property"),
                    .strong(.owner, .proxy, "proxy property"),
                ]),
            why: """
                The timer retains the proxy, and the proxy forwards to the owner through a weak \
                reference, so the owner is freed; its deinit then invalidates the timer.
                """,
            fix: """
                This is the NSProxy fix of articles 003 and 004. Article 003 insists the owner still \
                invalidates in deinit: see proxy-no-invalidate for what happens otherwise.
                """),
        makeOwner: ProxyViewController.init)
}
