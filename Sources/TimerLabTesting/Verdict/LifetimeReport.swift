/// What checking one object showed: freed or leaked, what it kept going, which stop freed a
/// leak or which holders are candidates, and the change to make. Every line of it is observed
/// in the check's own run.
public struct LifetimeReport: Sendable, Equatable, CustomStringConvertible {
    /// The object's fate: freed or leaked, whatever holders were found in it.
    public enum Fate: Sendable, Equatable {
        /// A weak reference to the object was nil after the grace period.
        case freed
        /// It was not: something still holds the object its owner let go of.
        case leaked

        /// How reports write it: `freed`, `leaked`.
        public var name: String {
            switch self {
            case .freed: return "freed"
            case .leaked: return "leaked"
            }
        }
    }

    /// The object's type, as reports name it.
    public let typeName: String
    /// The object's fate: freed or leaked.
    public let fate: Fate
    /// The holders found in the object's stored properties, in the order found.
    public let holders: [Holder]
    /// Properties of a holder's type (`Timer?`, `Task?`, `DispatchSourceTimer?`,
    /// `DispatchWorkItem?`) that were `nil` after `start`, as `path (Kind)`: did `start` start them?
    public let unset: [String]
    /// For a leak: the holder whose stop freed it, if one did. Only a stop that freed the
    /// object names a culprit.
    public let culprit: Holder?
    /// For a leak: the property paths stopped one at a time, in the order tried.
    public let stopsTried: [String]
    /// Whether `start` scheduled a timer on the run loop the check ran, whether the object stores
    /// it or not: the trace an unstored `Timer` leaves.
    public let timerScheduledByStart: Bool
    /// Ticks of the object's stored repeating `Timer`s before release (sources and tasks cannot
    /// be watched ticking, so they count none). 0 in the report of a tracked object gone before
    /// its check began, which saw none of its ticks.
    public let timerTicksBeforeRelease: Int
    /// The same after release: an object nobody holds any more, still being driven.
    public let timerTicksAfterRelease: Int
    /// Whether the check ran where Foundation never frees a block `Timer` (Linux).
    let blockTimersImmortal: Bool
    /// Whether the object was tracked (`track(_:)`, `trackForLeaks(_:)`): the test made and
    /// started it, and the check began once the test ended, so no `start` of the check's ran and
    /// a timer the object scheduled and keeps nowhere could not be seen.
    var tracked = false
    /// Whether the check watched the object's timers tick: not for a tracked object gone before
    /// its check began (`init(freed:leakedParts:patience:)`).
    var ticksWatched = true
    /// For an object still alive at the end of the grace period and freed within the patience:
    /// how long after release it was seen freed. It passes (a strict check fails it): a late
    /// release, not a leak. `nil` otherwise.
    public let freedLate: Duration?
    /// How long an object still alive after the grace period was watched further.
    public let patience: Duration
    /// For a leak: the closures the object's stored properties keep (its own, or a library's it
    /// stores) that capture it strongly, seen in their contexts after the patience, before
    /// anything was stopped. Seen, not proved by a stop: a cycle through a stored closure is
    /// broken only by a weak capture or by dropping the closure.
    public let capturingClosures: [CapturingClosure]

    /// The holders whose own closure was read and does not capture the object (a `Timer` whose
    /// block takes it weakly): innocent, so never candidates.
    let innocentHolders: [String]

    /// What the check did not examine, in words: where the walk's bounds stopped it (a long
    /// linked list), and each property whose storage it could not open (a `Mutex` of a value
    /// type it does not know). A holder there is not in `holders`.
    public var notExamined: [String] { notExaminedParts.lines }

    /// The same, as the walk recorded it.
    var notExaminedParts = NotExamined()

    /// Where the walk found no holder it knows: the stored closures seen capturing the object
    /// before its release (a library's handle whose closure takes it weakly), what a pass shows.
    var closuresSeen: [ClosureSeen] = []

    /// For a leak freed by stopping many holders of one kind in one collection together (more
    /// than eight, as `sources[0]` to `sources[2999]`): that group, one of which held it. `culprit`
    /// is then `nil`: the stop that freed it was the group's.
    public var culpritGroup: [Holder] = []

    /// For a freed object: the objects it alone kept (what it made and nothing else keeps, seen
    /// before its release) that were still alive at the end of its grace period, each freed late
    /// or leaked. Empty when its whole tree went with it.
    public var children: [Child] = []

    /// The objects it alone kept that are still alive after the patience: leaks below it, which
    /// fail the check as its own leak would.
    public var leakedChildren: [Child] { children.filter(\.leaked) }

    /// An object the checked object alone kept, still alive when the checked object was found freed.
    public struct Child: Sendable, Equatable {
        /// Where the checked object kept it: `poller`, `model.poller`, `widgets[2]`.
        public let path: String
        /// Its type, as reports name it.
        public let typeName: String
        /// How long after the checked object's grace period it was seen freed; `nil`: still alive
        /// after the patience, a leak.
        public let freedLate: Duration?
        /// What keeps it inside the checked object besides the property it was found at, as the
        /// walk counted its references: a closure it stores that captures it (`notifier.onChange`),
        /// its own holder's closure (`poller.timer`), a partner that keeps it back (`first.partner.partner`).
        public var keptBy: [Keeper] = []
        /// For a leak: the holder inside it whose stop freed it (the culprit search stops its
        /// holders one at a time, as it stops the object's); `nil` when none did.
        public var culprit: String?
        /// The holders inside it the culprit search stopped, in order.
        public var stopsTried: [String] = []

        /// Whether it leaked: still alive after the patience.
        public var leaked: Bool { freedLate == nil }

        /// One reference to it inside the checked object.
        public enum Keeper: Sendable, Equatable {
            /// A stored property that refers to it: `first.partner.partner`.
            case property(String)
            /// What a closure kept at this path captures: a stored closure (`notifier.onChange`),
            /// a `Timer`'s block, a dispatch source's handler or a task's operation.
            case closure(String)

            /// Where it is kept.
            public var path: String {
                switch self {
                case .property(let path), .closure(let path): return path
                }
            }
        }
    }

    /// The holders inside `child`'s part of the tree (`poller.timer` for `poller`) that were still
    /// going after release: what keeps it, as far as its stored properties show.
    public func holders(inside child: Child) -> [Holder] {
        holders.filter { holder in holder.goingAfterRelease && Self.path(holder.path, isInside: child.path) }
    }

    /// Whether `path` names something inside what `outer` names: `poller.timer` in `poller`.
    static func path(_ path: String, isInside outer: String) -> Bool {
        [".", "[", "("].contains { path.hasPrefix(outer + $0) }
    }

    /// For a leak: whether it was judged at the end of the grace period, without waiting out the
    /// patience, because nothing it stores could still let go of it (no timer valid, source not
    /// cancelled, task running, work item not performed, observer registered) and a closure it
    /// keeps captures it: a cycle no wait breaks.
    public var judgedWithoutPatience = false

    /// For a leak: the shortest chain of strong references from a global or a static to the
    /// object, through nothing the object keeps itself, as Swift code spells each step: the
    /// global first (`FeedRegistry.shared`), then each object's property on the way
    /// (`refreshers[0]`). Read from a still copy of the process after the patience, before
    /// anything was stopped. Where there is one, what holds the object is outside it, the check
    /// stops nothing of it, and the headline names the chain. Empty when none was found.
    public var heldBy: [String] = []
    /// Why the chain from a global was not looked for (the process could not be copied); `nil`
    /// when it was.
    var heldByNotRead: String?

    /// `heldBy` as one expression: `FeedRegistry.shared.refreshers[0]`.
    var heldByExpression: String {
        heldBy.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
    }

    /// A stored closure that captures the checked object strongly.
    public struct CapturingClosure: Sendable, Equatable {
        /// Where it is kept: `repeater.observers[0]`, `throttler.callback`.
        public let path: String
        /// The type whose property keeps it: a library's wrapper, the object's own type, or
        /// `Foundation.Timer` for the block a `Timer` keeps.
        public let keptBy: String
        /// What it captures on the way to the object, outermost first (`a closure`, `a Relay`);
        /// empty when it captures the object itself.
        public let through: [String]
        /// The path of an object on the way to it that something else keeps too, a library's
        /// event loop in whose queue it waits (`close.promise.futureResult.eventLoop`): that
        /// object may still run the closure and let go. `nil` when the checked object's own
        /// graph alone keeps it: a cycle nothing but a weak capture breaks.
        public var keptElsewhere: String? = nil
    }

    /// The capturing closure the report leads with: one the object's own graph alone keeps
    /// before one waiting in a shared object, and of those the one nearest the object's own
    /// properties (`flushTask.task` before `flushTask.eventLoop.scheduledTasks…task`).
    var nearestCapturingClosure: CapturingClosure? {
        capturingClosures.enumerated().min { first, second in
            let rank = { (closure: CapturingClosure) in (closure.keptElsewhere == nil ? 0 : 1, closure.path.split(separator: ".").count) }
            return (rank(first.element).0, rank(first.element).1, first.offset) < (
                rank(second.element).0, rank(second.element).1, second.offset
            )
        }?.element
    }

    /// What was still going at the end of the grace period: for an object freed late, what held
    /// it meanwhile, as far as its stored properties show.
    public var pendingAtGraceEnd: [Holder] { holders.filter(\.goingAfterRelease) }

    /// Whether the object was freed.
    public var freed: Bool { fate == .freed }

    /// Whether anything timer-like was seen running: a holder in its properties, or a timer
    /// `start` scheduled. A freed object of which this is `false` passed a check that proves
    /// nothing about timers (a strict check fails it).
    public var sawSomethingRunning: Bool { !holders.isEmpty || timerScheduledByStart }

    /// For a leak that no stop freed: the holders that were going at release, or that the
    /// check stopped without freeing it, every stored work item (it keeps its block, ended or
    /// not), and on Linux every block `Timer` (Foundation keeps each one, ended or not); one of them, or something not stored, holds it.
    /// Never one inside an object something else keeps too (a shared clock's source): that
    /// object's, not the checked object's, and the report names the object instead.
    public var candidates: [Holder] {
        guard fate == .leaked, culprit == nil, culpritGroup.isEmpty, capturingClosures.isEmpty, heldBy.isEmpty else { return [] }
        // A stored work item keeps its block, cancelled, performed or pending, until it is freed.
        // One inside a shared service (`clock.source`) is the service's: what holds the object
        // there is what its code gave the service, and the answer names the service instead.
        return holders.filter { !innocentHolders.contains($0.path) && !$0.insideSharedObject }.filter {
            stopsTried.contains($0.path) || $0.goingAfterRelease || $0.goingAtRelease == true
                || ($0.kind == .timer && blockTimersImmortal) || $0.kind == .workItem
        }
    }

    /// For a leak: whether no holder it stores was going or stopped (a `Timer` whose block was
    /// read and does not capture it holds nothing), no stored closure captures
    /// it, and no unstored timer explains it, so what holds it is outside its stored properties (a block that reschedules
    /// itself with `asyncAfter`, a `Task` or observer whose handle was not kept, another object).
    public var heldFromOutside: Bool {
        if fate == .leaked, !heldBy.isEmpty { return true }
        return fate == .leaked && culprit == nil && culpritGroup.isEmpty && candidates.isEmpty && capturingClosures.isEmpty
            && !unstoredTimer
    }

    /// Whether `start` scheduled a timer that no property holds.
    var unstoredTimer: Bool { holders.isEmpty && timerScheduledByStart && notExaminedParts.bound == nil }

    /// For a leak, what to change, in your code's terms, from what was observed; `nil` otherwise.
    public var fix: String? {
        fate == .leaked ? Fix(report: self).sentence : nil
    }

    /// For a freed object: the timers, sources and tasks it kept that went on after its release
    /// with nothing left to act on (a block that takes it weakly, a loop over a `nil` self), not
    /// something else's: work it started and never stopped.
    public var leftRunning: [Holder] {
        // A late release's pending holder is what held it meanwhile (`pendingAtGraceEnd`), told there.
        guard freed, freedLate == nil else { return [] }
        // What runs inside a leak below it acts on that leak: it is told there, not here.
        let inLeaks = Set(leakedChildren.flatMap { holders(inside: $0) }.map(\.path))
        return holders.filter {
            $0.goingAfterRelease && $0.keptElsewhere == nil && [.timer, .dispatchSource, .task].contains($0.kind)
                && !inLeaks.contains($0.path)
        }
    }

    /// A library's work that repeats for good (a SwiftNIO `RepeatedTask`) that a freed object kept
    /// and that still runs after its release and the patience: left running, as a `Timer` can be.
    struct LibraryWork: Sendable, Equatable {
        /// Where the object kept it: `flushTask`.
        let path: String
        /// What it is, as reports say it: `SwiftNIO's RepeatedTask`.
        let name: String
    }

    /// For a freed object: the library work it kept that still runs after release (`LibraryWork`).
    var libraryWorkLeft: [LibraryWork] = []

    /// The paths of everything a freed object left running: its holders (`leftRunning`), then the
    /// library work (`libraryWorkLeft`).
    var leftRunningPaths: [String] { leftRunning.map(\.path) + libraryWorkLeft.map(\.path) }

    /// For a freed object: why the pass is weak, or `nil` when it is not: work it left running
    /// after release, or nothing seen running and a holder-typed property left `nil` by `start`.
    public var caution: String? {
        if let running = leftRunning.first { return ReportText.leftRunning(running, more: leftRunningPaths.count - 1) }
        if let work = libraryWorkLeft.first { return ReportText.leftRunning(work, more: libraryWorkLeft.count - 1) }
        guard freed, !sawSomethingRunning, !unset.isEmpty else { return nil }
        let verb = unset.count == 1 ? "was" : "were"
        let pronoun = unset.count == 1 ? "it" : "them"
        return tracked
            ? "\(unset.joined(separator: ", ")) \(verb) nil when the check began: did the test start \(pronoun)?"
            : "\(unset.joined(separator: ", ")) \(verb) nil after start: did start start \(pronoun)?"
    }

    /// The report in words, one fact per line: what a failing test shows.
    public var description: String { ReportText(report: self).lines.joined(separator: "\n") }
}
