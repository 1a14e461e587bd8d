import Synchronization

/// A sign, given while a run works, that the process is making progress: what a supervisor
/// (`check`) judges a child by, instead of a sum of worst-case waits.
///
/// The harness beats after each slice of a run loop and each step; nothing listens unless a sink
/// is installed. Beats reach the sink ten times a second at most.
package enum Heartbeat {
    private static let sink = Mutex<(@Sendable () -> Void)?>(nil)
    private static let lastBeat = Atomic<Int64>(0)
    private static let beats = Atomic<Int>(0)

    /// How many beats the process has given, every one counted: a run that waits for its result
    /// reads it to tell a run that works from one parked in libdispatch.
    package static var count: Int { beats.load(ordering: .relaxed) }

    /// Where beats go from now on; the first goes at once.
    package static func install(_ sink: @escaping @Sendable () -> Void) {
        self.sink.withLock { $0 = sink }
        sink()
    }

    /// One beat: passed on unless one was passed on in the last tenth of a second.
    package static func beat() {
        beats.add(1, ordering: .relaxed)
        let tenth = Int64(origin.duration(to: .now) / .milliseconds(100))
        let last = lastBeat.load(ordering: .relaxed)
        guard tenth != last, lastBeat.compareExchange(expected: last, desired: tenth, ordering: .relaxed).exchanged else { return }
        sink.withLock { $0 }?()
    }

    private static let origin = ContinuousClock.now
}
