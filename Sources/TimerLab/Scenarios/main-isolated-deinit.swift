import Foundation

/// The fix on the main actor: the same view controller with `[weak self]` in the timer's block,
/// so releasing it runs its `isolated deinit`, which invalidates the timer on the main actor.
@MainActor
final class MainIsolatedDeinitViewController: ScenarioOwner {
    nonisolated let context: ScenarioContext
    private var timer: Timer?

    nonisolated init(context: ScenarioContext) {
        self.context = context
    }

    nonisolated func viewDidLoad() {
        MainActor.assumeIsolated { startTicking() }
    }

    nonisolated func viewWillDisappear() {}

    func startTicking() {
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { [weak self] _ in  // ◀
            MainActor.assumeIsolated {
                self?.tick()
            }
        }
        context.probe.watch(timer)
    }

    func tick() {
        context.probe.recordTick()
    }

    isolated deinit {
        timer?.invalidate()
        context.probe.recordOwnerDeinit()
    }
}

extension Scenario {
    /// `main-isolated-deinit`: the fix, a weak capture and an isolated deinit that invalidates.
    package static let mainIsolatedDeinit = Scenario(
        name: "main-isolated-deinit", family: .mainActor, articles: [],
        summary: "the same @MainActor view controller with [weak self] in the block; isolated deinit invalidates",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.mainRunLoop, .timer, .block, .owner],
                edges: [
                    .strong(.mainRunLoop, .timer, "scheduled from the main actor"),
                    .strong(.timer, .block, "the timer's block"),
                    .weak(.block, .owner, "[weak self]"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                Nothing the timer holds keeps the owner, so releasing it on the main actor frees it; \
                its isolated deinit runs there and invalidates the timer, which fires no more.
                """,
            fix: """
                This is the fix for main-actor owners: [weak self] in the block, and an isolated \
                deinit that invalidates.
                """),
        makeOwner: { MainIsolatedDeinitViewController(context: $0) })
}
