import Foundation

/// `while true` with `try?` around the sleep: once cancelled, the sleep throws at once, `try?`
/// swallows it, and the loop spins on a core, holding its owner, for ever.
final class TaskCancelSpinViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        task = Task {
            while true {
                try? await Task.sleep(for: .seconds(interval))  // ◀
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
    /// `task-cancel-spin`: a loop that cancelling cannot stop.
    package static let taskCancelSpin = Scenario(
        name: "task-cancel-spin", family: .concurrency, articles: [],
        summary: "while true { try? await Task.sleep(...); self.tick() }: after cancel() the loop spins and still holds self",
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
                Like task-strong, the task keeps the owner. Worse, cancelling does not end it: a \
                cancelled task's Task.sleep throws at once without suspending, try? swallows the error, \
                and while true goes round again at once, never suspending, as fast as the core allows. \
                The report's "after the stop" figure is that spin, measured.
                """,
            fix: """
                Let the cancellation end the loop: while !Task.isCancelled, or try await (not try?) \
                so CancellationError leaves it; and capture [weak self] as in task-weak-each.
                """),
        makeOwner: TaskCancelSpinViewModel.init)
}
