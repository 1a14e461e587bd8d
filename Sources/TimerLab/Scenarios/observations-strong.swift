import Foundation
import Observation

/// A view model that watches an `@Observable` model with `Observations` (SE-0475) in a `Task` it
/// stores, using `self` strongly in the closure it observes; `deinit` cancels the task.
///
/// `Observations` keeps its closure for as long as it is iterated, the task keeps the sequence,
/// and the runtime keeps the unfinished task: the `deinit` that would cancel it never runs.
@ScenarioActor
final class ObservationsStrongViewModel: ScenarioOwner {
    nonisolated let context: ScenarioContext
    let thermometer = Thermometer()
    private var task: Task<Void, Never>?

    nonisolated init(context: ScenarioContext) {
        self.context = context
    }

    nonisolated func viewDidLoad() {
        Task { @ScenarioActor in self.start() }
    }

    nonisolated func viewWillDisappear() {}

    func start() {
        thermometer.start(every: context.interval)
        task = Task {
            for await _ in Observations({ self.thermometer.reading }) {  // ◀
                self.render()
            }
        }
        context.probe.watch(task)
    }

    func render() {
        context.probe.recordTick()
    }

    deinit {
        task?.cancel()
        context.probe.recordOwnerDeinit()
    }
}

extension Scenario {
    /// `observations-strong`: an `Observations` loop whose closure uses its owner strongly.
    package static let observationsStrong = Scenario(
        name: "observations-strong", family: .concurrency, articles: [],
        summary: "a stored Task iterates Observations { self.thermometer.reading }, using self strongly; deinit cancels",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .observations, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .observations, "the loop iterates the sequence"),
                    .strong(.observations, .owner, "its closure captures self"),
                    .strong(.task, .owner, "the loop body uses self"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                Observations keeps the closure it re-runs on every change, and that closure uses self; \
                the loop's body uses self too. The loop waits for the next change for ever, the \
                runtime keeps the unfinished task, and the deinit that would cancel it never runs.
                """,
            fix: """
                Capture self weakly in the Observations closure and in the task, unwrap it for one \
                turn at a time, and cancel the task in deinit (observations-weak).
                """),
        makeOwner: { ObservationsStrongViewModel(context: $0) })
}
