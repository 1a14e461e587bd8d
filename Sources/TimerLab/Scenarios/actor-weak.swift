import Foundation

/// The actor-isolated view model with `[weak self]` unwrapped once per iteration.
@ScenarioActor
final class ActorWeakViewModel: ScenarioOwner {
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
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let self else { break }  // ◀
                self.tick()
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
    /// `actor-weak`: the fix, on an actor.
    package static let actorWeak = Scenario(
        name: "actor-weak", family: .concurrency, articles: [],
        summary: "the same actor-isolated view model with [weak self] unwrapped inside the loop",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .weak(.task, .owner, "[weak self], unwrapped for one iteration at a time"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                Between iterations the task holds the owner only weakly; releasing the owner frees it, \
                its deinit cancels the task, and the loop ends.
                """,
            fix: """
                This is the fix, the same as task-weak-each: isolation is no substitute for it.
                """),
        makeOwner: { ActorWeakViewModel(context: $0) })
}
