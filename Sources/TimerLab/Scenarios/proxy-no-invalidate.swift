import Foundation

/// Article 003's warning: the same weak proxy, but nobody invalidates the timer.
///
/// The owner is freed, yet the run loop keeps the timer and the timer keeps the proxy: it goes on
/// firing into a proxy with nothing behind it — "you can't see it, but it is there".
final class ProxyNoInvalidateViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        let proxy = WeakProxy(target: self, action: ProxyNoInvalidateViewController.helloWorld)
        timer = TargetActionTimer.scheduledTimer(
            withTimeInterval: context.interval, target: proxy,
            selector: WeakProxy<ProxyNoInvalidateViewController>.forward, userInfo: nil, repeats: true)
        context.probe.watch(timer)
        context.probe.watchIntermediate(proxy, name: "WeakProxy")
    }

    func helloWorld(_ timer: Timer) {
        doSomething()
    }
}

extension Scenario {
    /// `proxy-no-invalidate`: the owner is freed but its timer keeps firing into an empty proxy.
    public static let proxyNoInvalidate = Scenario(
        name: "proxy-no-invalidate", family: .intermediate, articles: [.a003],
        summary: "the same proxy, but nobody invalidates: the timer keeps firing into an empty proxy",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .running)),
        makeOwner: ProxyNoInvalidateViewController.init)
}
