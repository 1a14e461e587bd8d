import Foundation

/// `[weak self]`, unwrapped inside the loop after each sleep: the owner is only held for one tick.
final class TaskWeakEachViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let self else { break }  // ◀
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
    /// `task-weak-each`: the fix, a weak capture unwrapped once per iteration.
    package static let taskWeakEach = Scenario(
        name: "task-weak-each", family: .concurrency, articles: [],
        summary: "[weak self], guard let self else { break } inside the loop after the sleep; deinit cancels",
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
                Between iterations the task holds the owner only weakly, so releasing the owner frees \
                it; its deinit cancels the task, and the loop also ends the first time it finds self \
                gone.
                """,
            fix: """
                This is the fix for Task loops: [weak self], unwrapped inside the loop after each \
                await, and a cancel in deinit.
                """),
        makeOwner: TaskWeakEachViewModel.init)
}
