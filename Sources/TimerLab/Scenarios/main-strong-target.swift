import Foundation

/// A view controller as today's Swift has it: isolated to the main actor, its repeating block
/// timer scheduled from the main actor (so on the main run loop), the block using `self`
/// strongly; an `isolated deinit` invalidates the timer.
///
/// The isolated deinit is the right place to touch `timer`, and it would run on the main actor,
/// but it never runs: the run loop keeps the timer, the timer its block, the block the owner.
@MainActor
final class MainStrongTargetViewController: ScenarioOwner {
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
        timer = Timer.scheduledTimer(withTimeInterval: context.interval, repeats: true) { _ in
            MainActor.assumeIsolated {
                self.tick()  // ◀
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
    /// `main-strong-target`: a main-actor owner whose timer block captures it strongly.
    package static let mainStrongTarget = Scenario(
        name: "main-strong-target", family: .mainActor, articles: [],
        summary: "a @MainActor view controller's repeating block timer uses self strongly; isolated deinit invalidates",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.mainRunLoop, .timer, .block, .owner],
                edges: [
                    .strong(.mainRunLoop, .timer, "scheduled from the main actor"),
                    .strong(.timer, .block, "the timer's block"),
                    .strong(.block, .owner, "closure captures self"),
                    .strong(.owner, .timer, "timer property"),
                ]),
            why: """
                Main-actor isolation decides where the timer fires and where the deinit would run, \
                not who holds whom: the main run loop keeps the timer, the timer its block, the \
                block self. An isolated deinit runs only once the owner is freed, so the \
                invalidate() in it never runs, exactly as in the articles' dealloc.
                """,
            fix: """
                Capture self weakly in the block (main-isolated-deinit): then the isolated deinit \
                runs on release and invalidates the timer. Or invalidate from the code that \
                dismisses the view controller.
                """),
        makeOwner: { MainStrongTargetViewController(context: $0) })
}
