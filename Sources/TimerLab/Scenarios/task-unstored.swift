import Foundation

/// Fire and forget: `viewDidLoad()` starts a `Task` loop that uses `self` strongly, and keeps no
/// reference to the task.
///
/// No property of the owner holds the task, and no one can cancel it: the runtime keeps the
/// unfinished task, and the task keeps the owner.
final class TaskUnstoredViewModel: ViewController, @unchecked Sendable {
    override func viewDidLoad() {
        let interval = context.interval
        let task = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                await self.refresh()  // ◀
            }
        }
        context.probe.watch(task)
    }

    func refresh() async {
        await doSomething()
    }
}

extension Scenario {
    /// `task-unstored`: a `Task` loop started and forgotten.
    package static let taskUnstored = Scenario(
        name: "task-unstored", family: .concurrency, articles: [],
        summary: "viewDidLoad() starts a Task loop that uses self strongly, and stores the task nowhere",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .owner, "closure captures self"),
                ]),
            why: """
                The task is never stored, so nothing can cancel it, and its loop never ends by \
                itself: the runtime keeps the unfinished task, and the task keeps self. No property \
                path leads to the culprit; a run shows it instead: the owner outlives its release, \
                and the loop goes on ticking after it.
                """,
            fix: """
                Store the task, take self weakly afresh on each turn, and cancel it in deinit \
                (task-weak-each). To find such a task in your own code, look in the start method \
                for a Task { } whose handle is discarded; TimerLabTesting's report of a leak with \
                nothing stored says so when start scheduled no timer.
                """),
        makeOwner: TaskUnstoredViewModel.init)
}
