import Foundation
import Observation

/// The fix: `self` is taken weakly in the task and in the closure `Observations` re-runs, and
/// unwrapped for one turn at a time; `deinit` cancels the task, which ends the loop.
@ScenarioActor
final class ObservationsWeakViewModel: ScenarioOwner {
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
        task = Task { [weak self] in
            for await _ in Observations({ [weak self] in self?.thermometer.reading }) {  // ◀
                guard let self else { break }
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
    /// `observations-weak`: the fix, weak captures in the task and in the observed closure.
    package static let observationsWeak = Scenario(
        name: "observations-weak", family: .concurrency, articles: [],
        summary: "the same loop with [weak self] in the Task and in the Observations closure; deinit cancels",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .observations, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .observations, "the loop iterates the sequence"),
                    .weak(.observations, .owner, "[weak self] in the closure"),
                    .weak(.task, .owner, "[weak self], unwrapped for one turn at a time"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                Between changes nothing holds the owner strongly, so releasing it frees it; its \
                deinit cancels the task, and cancelling ends the iteration of Observations.
                """,
            fix: """
                This is the fix for Observations loops: [weak self] in the task and in the closure, \
                unwrapped per turn, and a cancel in deinit.
                """),
        makeOwner: { ObservationsWeakViewModel(context: $0) })
}
