import AsyncAlgorithms

/// Sends a heartbeat every few milliseconds from a stored task that consumes an
/// `AsyncTimerSequence`; the task takes the beater strongly (`weakly: false`: the leak) or binds
/// it weakly on each tick.
public final class HeartbeatSender: @unchecked Sendable {
    public private(set) var beats = 0
    private var task: Task<Void, Never>?
    private let weakly: Bool

    public init(weakly: Bool) {
        self.weakly = weakly
    }

    public func start() {
        let ticks = AsyncTimerSequence.repeating(every: .milliseconds(5), clock: .continuous)
        task =
            weakly
            ? Task { [weak self] in
                for await _ in ticks {
                    guard let self else { return }
                    beats += 1
                }
            }
            : Task {
                for await _ in ticks { self.beats += 1 }
            }
    }

    deinit { task?.cancel() }
}

/// Searches as the user types, 50 ms after the last keystroke, through `debounce` on a channel
/// consumed by a stored task that binds `self` once, before its loop: the leak its `close()`
/// (finishing the channel) ends.
public final class SearchAsYouType: @unchecked Sendable {
    public private(set) var searches = 0
    private let keystrokes = AsyncChannel<String>()
    private var task: Task<Void, Never>?

    public init() {}

    public func start() {
        let queries = keystrokes.debounce(for: .milliseconds(50))
        task = Task { [weak self] in
            guard let self else { return }
            for await _ in queries { searches += 1 }
        }
    }

    public func type(_ text: String) async {
        await keystrokes.send(text)
    }

    public func close() {
        keystrokes.finish()
    }
}
