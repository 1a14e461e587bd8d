import Foundation

/// `[weak self]` on the task, then one call into a method that loops: the weak capture does
/// nothing, because the call holds `self` for as long as the method runs, which is for ever.
final class TaskWeakCallViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        task = Task { [weak self] in
            await self?.poll()  // ◀
        }
        context.probe.watch(task)
    }

    func poll() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(context.interval))
            await doSomething()
        }
    }

    deinit {
        task?.cancel()
    }
}

extension Scenario {
    /// `task-weak-call`: a weak capture undone by a call into a loop.
    package static let taskWeakCall = Scenario(
        name: "task-weak-call", family: .concurrency, articles: [],
        summary: "Task { [weak self] in await self?.poll() }, where poll() loops until cancelled; deinit cancels",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .owner, "self?.poll() holds self for the whole call, and the call never returns"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                The closure captures self weakly, but self?.poll() turns it into a strong reference \
                for the duration of the call, and poll() loops until the task is cancelled: the \
                deinit that would cancel it never runs.
                """,
            fix: """
                Take self weakly afresh on each turn of the loop, inside the task, and let the loop \
                end when it is gone (task-weak-each); or cancel the task from the code that retires \
                the owner.
                """),
        makeOwner: TaskWeakCallViewModel.init)
}
