import CoreFoundation
import Dispatch
import Foundation
import Synchronization

/// Makes sure the process has the file descriptors a batch of runs needs, before any run starts.
///
/// On Linux, CoreFoundation opens descriptors for every run loop and traps when it cannot: an
/// eventfd for the loop, and an epoll and a timerfd for each mode it runs in. A harness that
/// started a run without them would crash instead of reporting. So nothing here is estimated:
/// what a run loop costs is measured once per process, by making one, and the room left is
/// measured before every batch, by opening placeholder descriptors until the batch's need is met
/// (or the system says no), then closing them.
enum DescriptorBudget {
    /// Room for descriptors opened briefly beside the runs: libdispatch's thread monitor reads
    /// `/proc/self/task` and a thread's `stat` at once, and Foundation reads `/proc` now and then.
    static let slack = 3

    /// What a run loop costs, measured once per process.
    struct Costs: Sendable {
        /// A run loop that runs in the default mode.
        var defaultMode: Int
        /// A run loop that runs in a mode registered as common and has timers for the default mode too.
        var commonMode: Int

        /// What one run of `subject` costs at these prices: its thread's run loop in the modes
        /// it runs in.
        func cost(of subject: Subject) -> Int {
            subject.runLoopMode == .default ? defaultMode : commonMode
        }
    }

    /// The process's measured costs (CoreFoundation's own process-wide descriptors and
    /// libdispatch's event loop are opened first, so they are not counted as a run's).
    static let costs: Costs = {
        defer { warmedUpFlag.store(true, ordering: .releasing) }
        return measureCosts()
    }()

    private static let warmedUpFlag = Atomic<Bool>(false)

    /// Whether the process-wide descriptors are open and the costs measured.
    static var warmedUp: Bool { warmedUpFlag.load(ordering: .acquiring) }

    /// A run loop kept in reserve for every batch: a dispatch worker that scheduled a timer
    /// (`no-runloop`) gets a run loop and keeps it as long as the worker lives.
    static var reserve: Int { costs.defaultMode }

    /// How many of `subjects`, from the first, fit side by side now; 0 if not even one does.
    /// Raises the soft limit toward the hard one first, so that all could.
    ///
    /// Until the costs are measured, a batch that fits at `Costs.ceiling` is admitted whole
    /// without measuring them (a run loop made in each mode on a thread of its own), and without
    /// waiting for the process-wide descriptors to open: where descriptors are plentiful
    /// measuring would change nothing, and room for those is counted in. The threads every run
    /// needs are started either way (`threadsStarted`).
    static func fittingRaisingLimit(_ subjects: ArraySlice<Subject>) -> Int {
        if !warmedUp, fitsAtCeiling(subjects) {
            threadsStarted
            return subjects.count
        }
        let needs = subjects.map(costs.cost(of:))
        let openable = openableRaisingLimit(upTo: needs.reduce(0, +) + reserve + slack)
        var room = openable - reserve - slack
        var count = 0
        for need in needs {
            guard need <= room else { break }
            room -= need
            count += 1
        }
        return count
    }

    /// Whether all of `subjects` fit now at the ceiling's price, with the process-wide
    /// descriptors, the reserve and the slack beside them.
    private static func fitsAtCeiling(_ subjects: ArraySlice<Subject>) -> Bool {
        let ceiling = Costs.ceiling
        let runs = subjects.map(ceiling.cost(of:)).reduce(0, +)
        let wanted = runs + ceiling.defaultMode + slack + processWide
        return openableRaisingLimit(upTo: wanted) >= wanted
    }

    /// The sentence for a process where not even one run fits: the fewest descriptors that would do.
    static func shortage(for subjects: ArraySlice<Subject>) -> String {
        // Never measures: measuring opens descriptors, which is what is short.
        let known = warmedUp ? costs : Costs.known
        let largest = subjects.map(known.cost(of:)).max() ?? 0
        return shortage(needing: largest, who: subjects.count == 1 ? "this run needs" : "these runs need")
    }

    /// The sentence for work that makes `runLoops` run loops in the default mode and does not fit.
    static func shortage(forRunLoops runLoops: Int, who: String) -> String {
        let known = warmedUp ? costs : Costs.known
        return shortage(needing: runLoops * known.defaultMode, who: who)
    }

    /// `too few file descriptors: <who> at least N, and ulimit -n allows M`, where N is what is in
    /// use now, plus the slack and the reserve, plus `need` (plus the process-wide ones if not yet open).
    private static func shortage(needing need: Int, who: String) -> String {
        let soft = SystemSeam.descriptorLimit()?.soft ?? 0
        let known = warmedUp ? costs : Costs.known
        let inUse = Int(soft) - openableNow(upTo: Int(min(soft, 4096)))
        let minimum = inUse + slack + known.defaultMode + need + (warmedUp ? 0 : processWide)
        return "too few file descriptors: \(who) at least \(minimum), and ulimit -n allows \(soft)"
    }

    /// Whether `runLoops` more run loops in the default mode fit now, beside the reserve and the
    /// slack; raises the soft limit toward the hard one if they would not.
    static func roomRaisingLimit(forRunLoops runLoops: Int) -> Bool {
        let wanted = runLoops * costs.defaultMode + reserve + slack
        return openableRaisingLimit(upTo: wanted) >= wanted
    }

    /// How many descriptors can be opened now, up to `wanted`, after raising the soft limit
    /// toward the hard one if fewer than `wanted` could.
    private static func openableRaisingLimit(upTo wanted: Int) -> Int {
        let openable = openableNow(upTo: wanted)
        guard openable < wanted, raiseSoftLimit(by: wanted - openable) else { return openable }
        return openableNow(upTo: wanted)
    }

    /// Opens placeholder descriptors until `wanted` are open or the system refuses one, closes
    /// them all, and returns how many it could open.
    static func openableNow(upTo wanted: Int) -> Int {
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        while opened.count < max(wanted, 0) {
            let descriptor = SystemSeam.placeholderDescriptor()
            guard descriptor >= 0 else { break }
            opened.append(descriptor)
        }
        return opened.count
    }

    /// Raises the soft limit by `extra`, as far as the hard limit allows; returns whether it rose.
    private static func raiseSoftLimit(by extra: Int) -> Bool {
        guard let limit = SystemSeam.descriptorLimit(), limit.soft < limit.hard else { return false }
        return SystemSeam.setDescriptorSoftLimit(min(limit.soft + UInt64(extra), limit.hard))
    }
}
