import Foundation

/// Articles 000 and 004's block category ("Effective Objective-C 2.0", item 52).
///
/// `Timer.eocScheduledTimer` makes the `Timer` class itself the target and carries the block in
/// `userInfo`; the block captures `[weak self]`, so nothing the timer holds reaches the owner.
final class BlockUserInfoViewController: ViewController, @unchecked Sendable {
    private var timer: Timer?

    override func viewDidLoad() {
        timer = Timer.eocScheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in  // ◀
            self?.helloWorld()
        }
        context.probe.watch(timer)
    }

    func helloWorld() {
        doSomething()
    }

    deinit {
        timer?.invalidate()
    }
}

extension Scenario {
    /// `block-userinfo`: the block category — the Timer class as target, the block in userInfo.
    package static let blockUserInfo = Scenario(
        name: "block-userinfo", family: .blockAPI, articles: [.a000, .a004],
        summary: "the Effective Objective-C category: the target is the Timer class, the block travels in userInfo",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runLoop, .timer, .timerClass, .block, .owner],
                edges: [
                    .strong(.runLoop, .timer, "scheduled"),
                    .strong(.timer, .timerClass, "target: the Timer class"),
                    .strong(.timer, .block, "userInfo: the block"),
                    .weak(.block, .owner, "[weak self]"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                The category makes the Timer class the target, an object that lives forever anyway, and \
                carries the block in userInfo. The timer holds only the block, and the block holds self \
                weakly.
                """,
            fix: """
                This is the Effective Objective-C fix for systems without the block API. The block must \
                still capture self weakly, or it is block-strong again.
                """),
        makeOwner: BlockUserInfoViewController.init)
}
