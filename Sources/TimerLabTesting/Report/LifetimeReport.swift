/// What checking one object showed: freed or leaked, what it kept going, which stop freed a leak,
/// and the change to make. Every line of it is observed in the check's own run.
public struct LifetimeReport: Sendable, Equatable, CustomStringConvertible {
    /// The outcome: it follows the object's fate, whatever was found in it.
    public enum Verdict: Sendable, Equatable {
        /// A weak reference to the object was nil after the grace period.
        case freed
        /// It was not: something still holds the object its owner let go of.
        case leaked
        /// It was freed, but nothing was seen running: no timer, source or task in its
        /// properties, and no timer scheduled by `start`. Without a positive control there is no
        /// verdict, so the check fails: `start` probably did not start what you meant to check.
        case nothingRan

        /// How reports write it: `freed`, `leaked`, `nothing ran`.
        public var name: String {
            switch self {
            case .freed: return "freed"
            case .leaked: return "leaked"
            case .nothingRan: return "nothing ran"
            }
        }
    }

    /// The object's type, as reports name it.
    public let typeName: String
    /// The outcome.
    public let verdict: Verdict
    /// What was found in the object's stored properties, in the order found.
    public let found: [Finding]
    /// For a leak: the find whose stop freed it, if one did.
    public let culprit: Finding?
    /// For a leak: the property paths stopped one at a time, in order.
    public let stopsTried: [String]
    /// Whether `start` scheduled a timer on the run loop the check ran, whether the object stores
    /// it or not: the trace an unstored `Timer` leaves.
    public let timerScheduledByStart: Bool
    /// Fires of the object's stored repeating `Timer`s before release (sources and tasks cannot
    /// be watched firing, so they count none).
    public let timerFiresBeforeRelease: Int
    /// The same after release: an object nobody holds any more, still being driven.
    public let timerFiresAfterRelease: Int
    /// Whether the check ran where Foundation never frees a block `Timer` (Linux).
    let blockTimersImmortal: Bool

    /// Whether the object was freed (`false` for a leak and for "nothing ran").
    public var freed: Bool { verdict == .freed }

    /// For a leak, what to change, in your code's terms, from what was observed; `nil` otherwise.
    public var fix: String? {
        verdict == .leaked ? Fix(report: self).sentence : nil
    }

    /// The report in words, one fact per line: what a failing test shows.
    public var description: String { ReportText(report: self).lines.joined(separator: "\n") }
}
