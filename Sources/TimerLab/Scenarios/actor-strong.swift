import Foundation

/// A view model isolated to a global actor (as `@MainActor` view models are), running a `Task`
/// loop that uses `self` strongly; `deinit` cancels it.
@ScenarioActor
final class ActorStrongViewModel: ScenarioOwner {
    nonisolated let context: ScenarioContext
    private var task: Task<Void, Never>?

    nonisolated init(context: ScenarioContext) {
        self.context = context
    }

    nonisolated func viewDidLoad() {
        Task { @ScenarioActor in self.start() }
    }

    nonisolated func viewWillDisappear() {}

    func start() {
        let interval = context.interval
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                self.tick()  // ◀
            }
        }
        context.probe.watch(task)
    }

    func tick() {
        context.probe.recordTick()
    }

    deinit {
        task?.cancel()
        context.probe.recordOwnerDeinit()
    }
}

extension Scenario {
    /// `actor-strong`: an actor-isolated view model's loop keeps it alive.
    package static let actorStrong = Scenario(
        name: "actor-strong", family: .concurrency, articles: [],
        summary: "a view model isolated to a global actor (like @MainActor) runs a Task loop that uses self strongly",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .owner, "closure captures self"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                Actor isolation changes where the loop runs, not who holds whom: the task inherits the \
                actor and still captures self, the runtime keeps the task, and the deinit that would \
                cancel it never runs. @MainActor view models leak the same way.
                """,
            fix: """
                [weak self], unwrapped per iteration (actor-weak).
                """),
        makeOwner: { ActorStrongViewModel(context: $0) })
}
