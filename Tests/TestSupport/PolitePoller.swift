/// A type the check must find freed, shared by the test targets that check one: its task holds
/// it weakly and its deinit cancels the task.
package final class PolitePoller: @unchecked Sendable {
    package var task: Task<Void, Never>?

    package init() {}

    package func start() {
        task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(5))
                guard self != nil else { return }
            }
        }
    }

    deinit { task?.cancel() }
}
