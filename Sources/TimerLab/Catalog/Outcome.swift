/// The three facts a run observes: the owner's fate, whether the timer fired, and its state after release.
public struct Outcome: Sendable, Equatable, Hashable {
    /// `freed` if the owner's `deinit` ran and a weak reference to it is nil; `leaked` otherwise.
    public var owner: OwnerFate
    /// Whether the timer fired at least once before the owner was released.
    public var fired: Bool
    /// Whether the timer or source was still scheduled at the end of the grace period.
    public var afterRelease: TimerState

    /// Creates an outcome from its three facts.
    public init(owner: OwnerFate, fired: Bool, afterRelease: TimerState) {
        self.owner = owner
        self.fired = fired
        self.afterRelease = afterRelease
    }

    /// The facts that differ from `expected`, in the order owner, fired, after release.
    public func differences(from expected: Outcome) -> [Difference] {
        var found: [Difference] = []
        if owner != expected.owner {
            found.append(Difference(fact: .owner, expected: expected.owner.rawValue, observed: owner.rawValue))
        }
        if fired != expected.fired {
            found.append(Difference(fact: .fired, expected: expected.fired.yesNo, observed: fired.yesNo))
        }
        if afterRelease != expected.afterRelease {
            found.append(Difference(
                fact: .afterRelease, expected: expected.afterRelease.rawValue, observed: afterRelease.rawValue))
        }
        return found
    }
}

/// Whether the owner outlived its release.
public enum OwnerFate: String, Sendable, CaseIterable {
    case freed, leaked
}

/// Whether a timer or dispatch source is still scheduled.
public enum TimerState: String, Sendable, CaseIterable {
    case stopped, running
}

/// One fact on which an observation and an expectation disagree.
public struct Difference: Sendable, Equatable {
    /// The fact that differs.
    public enum Fact: String, Sendable {
        case owner, fired
        case afterRelease = "after release"
    }
    /// Which fact.
    public let fact: Fact
    /// The expected value, as the report spells it.
    public let expected: String
    /// The observed value, as the report spells it.
    public let observed: String
}

extension Bool {
    /// `yes` or `no`, as the reports spell a boolean fact.
    public var yesNo: String { self ? "yes" : "no" }
}
