import Foundation

/// How long a run lasts: ticks before release, the interval, and the grace period after release.
public struct RunSettings: Sendable, Equatable {
    /// Ticks to wait for before releasing the owner.
    public var ticks: Int
    /// The timer interval, in seconds.
    public var interval: TimeInterval
    /// How long to keep the run loop going after release, in ticks of `interval`.
    public var grace: Int

    /// The defaults: 3 ticks of 10 ms, then 2 ticks of grace.
    public static let defaults = RunSettings(ticks: 3, interval: 0.01, grace: 2)

    /// Accepted values of `ticks`.
    public static let ticksRange = 1...10_000
    /// Accepted values of `interval`, in seconds.
    public static let intervalRange: ClosedRange<TimeInterval> = 0.001...60
    /// Accepted values of `grace`, in ticks.
    public static let graceRange = 0...10_000
    /// The longest nominal run, `(ticks + grace) × interval`, in seconds.
    public static let maximumNominalDuration: TimeInterval = 600

    /// Creates settings; call `problem()` to check them against the bounds.
    public init(ticks: Int, interval: TimeInterval, grace: Int) {
        self.ticks = ticks
        self.interval = interval
        self.grace = grace
    }

    /// What is wrong with these settings, as one sentence, or `nil` when they are within bounds.
    public func problem() -> String? {
        if !Self.ticksRange.contains(ticks) {
            return "--ticks must be from \(Self.ticksRange.lowerBound) to \(Self.ticksRange.upperBound), not \(ticks)"
        }
        if !interval.isFinite || !Self.intervalRange.contains(interval) {
            return "--interval must be from \(Self.intervalRange.lowerBound) to \(Int(Self.intervalRange.upperBound)) seconds, not \(interval)"
        }
        if !Self.graceRange.contains(grace) {
            return "--grace must be from \(Self.graceRange.lowerBound) to \(Self.graceRange.upperBound) ticks, not \(grace)"
        }
        let nominal = Double(ticks + grace) * interval
        if nominal > Self.maximumNominalDuration {
            return "a run of (\(ticks) + \(grace)) ticks × \(interval) s would last \(Int(nominal)) s; the limit is \(Int(Self.maximumNominalDuration)) s"
        }
        return nil
    }

    /// How long to wait for `target` ticks before giving up: twice the nominal time plus half a second.
    ///
    /// A timer that never fires (no run loop, wrong mode) ends its run here; the slack keeps a
    /// loaded machine from turning a late timer into "never fired".
    public func tickDeadline(target: Int) -> TimeInterval {
        Double(target) * interval * 2 + 0.5
    }

    /// The grace period after release, in seconds.
    public var graceDuration: TimeInterval { Double(grace) * interval }

    /// How long clean-up may poll for a leaked owner to be freed once its timer is stopped.
    public var settleLimit: TimeInterval { min(max(0.1, interval * 5), 5) }

    /// The longest a healthy run of a scenario with `target` ticks can take.
    public func worstCaseDuration(target: Int) -> TimeInterval {
        tickDeadline(target: target) + graceDuration + 2 * settleLimit
    }

    /// When the harness gives up on a run of `target` ticks as hung: the worst case plus 3 s of slack
    /// for a loaded machine.
    public func hardLimit(target: Int) -> TimeInterval {
        worstCaseDuration(target: target) + 3
    }
}
