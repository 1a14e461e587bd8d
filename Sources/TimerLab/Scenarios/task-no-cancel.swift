import Foundation

/// `self?.tick()` each iteration and nobody cancels: the owner goes, the loop goes on without it.
final class TaskNoCancelViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await self?.tick()  // ◀
            }
        }
        context.probe.watch(task)
    }

    func tick() async {
        await doSomething()
    }
}

extension Scenario {
    /// `task-no-cancel`: a weak loop nobody cancels outlives its owner.
    package static let taskNoCancel = Scenario(
        name: "task-no-cancel", family: .concurrency, articles: [],
        summary: "[weak self] with self?.tick() each iteration, and nobody cancels: the loop outlives its owner",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .weak(.task, .owner, "[weak self]"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                The owner is freed, but nothing cancels the task and nothing ends its loop: it goes on \
                waking up every interval to call a method on nil, for the life of the process, like a \
                timer nobody invalidated (proxy-no-invalidate).
                """,
            fix: """
                Cancel the task in deinit, or end the loop when self is gone (task-weak-each).
                """),
        makeOwner: TaskNoCancelViewModel.init)
}
