import Foundation

/// A view model whose timer is a `Task` loop that uses `self` strongly; `deinit` cancels it.
///
/// The runtime keeps an unfinished task, and the task keeps what its closure captured: the owner.
/// So the `deinit` that would cancel the loop never runs, exactly like `strong-target`.
final class TaskStrongViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await self.tick()  // ◀
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
    /// `task-strong`: a Task loop that captures its owner strongly.
    package static let taskStrong = Scenario(
        name: "task-strong", family: .concurrency, articles: [],
        summary: "a Task loop (sleep, then self.tick()) that uses self strongly; deinit cancels it",
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
                The concurrency runtime keeps a task until its body returns, and a suspended task keeps \
                what its closure captured. The closure uses self, so the owner lives as long as the loop, \
                and the loop lives until someone cancels it: the deinit that would, never runs.
                """,
            fix: """
                Capture [weak self] and unwrap it inside the loop, after each sleep (task-weak-each); or \
                cancel the task from outside before the owner goes, as a view's onDisappear does.
                """),
        makeOwner: TaskStrongViewModel.init)
}
