import Dispatch
import Synchronization

/// The user's dispatch sources a check cancelled while they were suspended or never resumed,
/// kept so that no release of theirs comes from the check.
///
/// libdispatch traps when the last reference to a suspended or inactive source goes. A check
/// never resumes a user's source (their code may, and a second resume traps too), so a source
/// it found suspended is held here until it is seen resumed (by the user's own code, say a
/// library's `deinit`), then let go; one that stays suspended is held for the life of the
/// process, a few hundred bytes, rather than crash it.
enum LeftSuspended {
    /// A source held. `@unchecked Sendable`, with this invariant: a held source is only read
    /// (its state word) and released, and libdispatch's sources are safe to use from any thread.
    private struct Held: @unchecked Sendable {
        let source: DispatchSourceTimer
    }

    private static let sources = Mutex<[Held]>([])

    /// Holds `source` until it is seen resumed.
    static func keep(_ source: DispatchSourceTimer) {
        let held = Held(source: source)
        sources.withLock { $0.append(held) }
        sweep()
    }

    /// Lets go of every source no longer suspended.
    static func sweep() {
        // Let go outside the lock: a source's release can run its cancel handler's captures' deinits.
        let released: [Held] = sources.withLock { held in
            let states = held.map { DispatchSourceState.of($0.source) == .active }
            let resumed = zip(held, states).filter(\.1).map(\.0)
            held = zip(held, states).filter { !$0.1 }.map(\.0)
            return resumed
        }
        withExtendedLifetime(released) {}
    }
}
