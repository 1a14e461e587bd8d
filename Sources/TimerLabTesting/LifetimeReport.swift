import TimerLab

/// What checking one object showed: freed or leaked, what it kept running, and for a leak, which
/// stop freed it. Every line of it is observed in the check's own run.
public struct LifetimeReport: Sendable, Equatable, CustomStringConvertible {
    /// The outcome.
    public enum Verdict: String, Sendable, Equatable {
        /// A weak reference to the object was nil after the grace period.
        case freed
        /// It was not.
        case leaked
        /// No timer, source or task was found in the object: nothing ran, so there is no verdict.
        case nothingRan = "nothing ran"
    }

    /// The object's type, as reports name it.
    public let typeName: String
    /// The outcome.
    public let verdict: Verdict
    /// What was found running in the object (property paths and kinds), in the order found.
    public let found: [WatchedObject]
    /// For a leak: the stop that freed it, if one did.
    public let culprit: Culprit?
    /// For a leak: the property paths stopped one at a time, in order.
    public let stopsTried: [String]
    /// Whether what was found was still running at the end of the grace period.
    public let stillRunning: Bool
    /// Fires of the object's repeating `Timer`s seen before release (sources and tasks cannot be
    /// watched firing, so they count none).
    public let firesBeforeRelease: Int
    /// The same after release: an object nobody holds any more, still being driven.
    public let firesAfterRelease: Int
    /// Everything that happened, in time order, as `timerlab leak --format events` lists it.
    public let events: [RunEvent]

    /// Whether the object was freed (`false` for a leak and for "nothing ran").
    public var freed: Bool { verdict == .freed }

    /// The report in words, one fact per line.
    public var description: String {
        var lines = ["\(typeName): \(verdict.rawValue.uppercased())"]
        guard verdict != .nothingRan else {
            lines.append("  nothing ran: no Timer, DispatchSourceTimer or Task was found in its stored properties after start; no verdict")
            return lines.joined(separator: "\n")
        }
        let listing = found.map { "\($0.path ?? "?") (\($0.kind.rawValue))" }.joined(separator: ", ")
        lines.append("  found          \(listing)\(stillRunning ? "; still running after release" : "; stopped by release")")
        if found.contains(where: { $0.kind == .timer }) {
            lines.append("  timer fires    \(firesBeforeRelease) before release, \(firesAfterRelease) after it")
        }
        if verdict == .leaked {
            lines.append("  culprit        " + culpritSentence)
        }
        return lines.joined(separator: "\n")
    }

    private var culpritSentence: String {
        if let culprit {
            return "stopping `\(culprit.path)` (\(culprit.kind.rawValue)) freed it"
        }
        var sentence = stopsTried.isEmpty
            ? "nothing found was still running to stop, and it was not freed"
            : "no single stop freed it (tried, in order: \(stopsTried.map { "`\($0)`" }.joined(separator: ", ")))"
        #if os(Linux)
        if found.contains(where: { $0.kind == .timer }) {
            sentence += "; on Linux, Foundation never releases a block Timer's closure, even after invalidate(), so what it captured lives on (timerlab explain block-invalidated)"
        }
        #endif
        return sentence
    }
}
