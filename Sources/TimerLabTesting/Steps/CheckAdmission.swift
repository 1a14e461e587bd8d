import Foundation

/// Lets only a few lifetime checks of the process run at once; the others wait their turn.
///
/// A test library runs tests side by side, and a check's controls (the run loop, the queue, Swift's
/// executor) must each tick within their limit: dozens of checks at once on a machine with two
/// cores share one executor of two threads with each other's task loops and controls, and a
/// control could then wait past its limit behind them, making the check report "no verdict" for a
/// load the suite made. A check observes the same alone or beside others, so running a few at a
/// time changes no result; twice as many as there are cores keeps the cores busy.
actor CheckAdmission {
    static let shared = CheckAdmission(slots: max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int) {
        free = slots
    }

    /// Returns once a slot is the caller's; `leave()` gives it back.
    func enter() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Gives a slot back: to the first waiting check, if one waits.
    func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
