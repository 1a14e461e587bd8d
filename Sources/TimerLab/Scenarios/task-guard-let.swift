import Foundation

/// `[weak self]`, but `guard let self` before the loop: the strong reference lives as long as the loop.
final class TaskGuardLetViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        task = Task { [weak self] in
            guard let self else { return }  // ◀
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await self.tick()
            }
        }
        context.probe.watch(task)
    }

    func tick() async {
        await doSomething()
    }

    deinit {
        task?.cancel()
    }
}

extension Scenario {
    /// `task-guard-let`: `[weak self]` undone by a `guard let self` before the loop.
    package static let taskGuardLet = Scenario(
        name: "task-guard-let", family: .concurrency, articles: [],
        summary: "Task { [weak self] in guard let self else { return }; while ... { self.tick() } }; deinit cancels it",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .owner, "guard let self: a strong local for the whole loop"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                The capture is weak, but guard let self turns it into a strong local before the loop \
                starts, and that local lives as long as the loop. The suspended task keeps it, the \
                runtime keeps the task, and the deinit that would cancel it never runs.
                """,
            fix: """
                Unwrap self inside the loop, after each sleep, and let it go at the end of each \
                iteration (task-weak-each).
                """),
        makeOwner: TaskGuardLetViewModel.init)
}
