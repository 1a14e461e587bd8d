/// What the harness runs: an owner to build, how many ticks it can give, and the mode to run in.
///
/// A subject knows nothing of articles or expectations: the catalog makes each scenario into a
/// subject (`Scenario.subject`), and a user's own type can become one the same way.
package struct Subject: Sendable {
    /// The name runs and errors are reported under.
    package let name: String
    /// How many ticks the subject's timer can give at most (1 for a one-shot timer), or `nil` for no limit.
    package let tickLimit: Int?
    /// The run loop mode the harness runs in while the owner is alive.
    package let runLoopMode: HarnessMode
    /// The machinery its timer runs on: the run's controls watch these, and only these decide
    /// whether a negative fact is an observation (a run loop stalled for a while says nothing
    /// about a dispatch source that did not fire).
    package let machinery: [Control.What]
    /// What kind of subject this is, which decides how ticks are counted and culprits named.
    package let kind: Kind
    /// Where its owner must be built, started and released: a thread of the run's own, or the main actor.
    package let isolation: Isolation
    /// Builds the owner. The harness keeps the only strong reference to what this returns.
    package let makeOwner: @Sendable (RunContext) -> any RunOwner
    /// For a user's type: reads which stored closures hold a leaked owner, and which holders'
    /// own closures do not, called on the run's thread with the owner once the patience ran out,
    /// before clean-up stops anything. `nil`: nothing is read.
    package var readClosures: (@Sendable (AnyObject) -> ClosureReading)?
    /// For a user's type: the chain of strong references from a global to a leaked owner, through
    /// nothing of its own tree, or why it was not read; called on the run's own thread, never the
    /// owner's actor (it may take a second of a loaded machine), with no reference to the owner.
    package var findHeldFrom: (@Sendable (OwnTree) -> (chain: [String], notRead: String?))?
    /// For an owner that lives on an actor the run does not hold: how the run touches it and
    /// runs the run loops its timers went on (`ActorVisits`). `nil`: the run touches its owner
    /// on its own thread.
    package var visits: ActorVisits?
    /// Called on the run's thread after each slice of its run loop: a sign that no code run
    /// there (the owner's timer blocks, its run-loop sources) holds that thread. `nil`: none.
    package var onSlice: (@Sendable () -> Void)?

    /// Creates a subject; by default it has no tick limit, runs in the default mode, and is
    /// watched on all three pieces of machinery (its timer may be on any of them).
    package init(
        name: String, tickLimit: Int? = nil, runLoopMode: HarnessMode = .default,
        machinery: [Control.What] = Control.What.machinery, kind: Kind = .instrumented,
        isolation: Isolation = .ownThread,
        makeOwner: @escaping @Sendable (RunContext) -> any RunOwner
    ) {
        self.kind = kind
        self.isolation = isolation
        self.name = name
        self.tickLimit = tickLimit
        self.runLoopMode = runLoopMode
        self.machinery = Control.What.machinery.filter(machinery.contains)
        self.makeOwner = makeOwner
    }

    /// The two kinds of subject the harness runs.
    package enum Kind: Sendable, Equatable {
        /// An instrumented owner, as a catalog scenario's: it counts its own ticks through the probe and registers
        /// its timers itself; clean-up stops everything at once.
        case instrumented
        /// A user's type: the harness finds its timers by walking its properties, counts a
        /// `Timer`'s ticks itself, runs exactly `ticks` intervals before release, and for a leak
        /// stops what it found one at a time to name the culprit. It may register nothing: its
        /// owner's fate is still observed.
        case userType
    }

    /// Where a subject's owner lives, and so which thread's run loop its run drives.
    package enum Isolation: Sendable, Equatable {
        /// A thread of the run's own, with a run loop of its own: where every subject can run
        /// side by side, from the command line and from tests alike.
        case ownThread
        /// The main actor: built, started, released and watched within one synchronous stretch
        /// on it, driving the run loop of the thread that runs that stretch (from the command
        /// line, the process's main thread and so the main run loop).
        case mainActor
    }

    /// The number of ticks the harness waits for before releasing: the request, capped by `tickLimit`.
    package func tickTarget(requested: Int) -> Int {
        min(requested, tickLimit ?? requested)
    }
}
