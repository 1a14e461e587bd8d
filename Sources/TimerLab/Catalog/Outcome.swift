/// The three facts a run observes: the owner's fate, whether the timer fired, and its state after release.
public struct Outcome: Sendable, Equatable, Codable {
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

    /// One fact's value as every output spells it: `leaked`, `yes`, `running`.
    public func value(of fact: Fact) -> String {
        switch fact {
        case .owner: return owner.rawValue
        case .fired: return fired ? "yes" : "no"
        case .afterRelease: return afterRelease.rawValue
        }
    }

    /// The facts that differ from `expected`, in the order owner, fired, after release.
    public func differences(from expected: Outcome) -> [Difference] {
        Fact.allCases.filter { value(of: $0) != expected.value(of: $0) }.map {
            Difference(fact: $0, expected: expected.value(of: $0), observed: value(of: $0))
        }
    }

    /// The three facts, named as their JSON keys.
    public enum Fact: String, Sendable, Codable, CaseIterable {
        case owner, fired, afterRelease

        /// The name people read: `owner`, `fired`, `after release`.
        public var displayName: String { self == .afterRelease ? "after release" : rawValue }
    }
}

/// Whether the owner outlived its release.
public enum OwnerFate: String, Sendable, Codable, CaseIterable {
    case freed, leaked
}

/// Whether a timer or dispatch source is still scheduled.
public enum TimerState: String, Sendable, Codable {
    case stopped, running
}

/// One fact on which an observation and an expectation disagree.
public struct Difference: Sendable, Equatable, Codable {
    /// The fact that differs.
    public var fact: Outcome.Fact
    /// The expected value, as `Outcome.value(of:)` spells it.
    public var expected: String
    /// The observed value, spelled the same way.
    public var observed: String

    /// `after release: expected stopped, observed running`.
    public var sentence: String {
        "\(fact.displayName): expected \(expected), observed \(observed)"
    }
}

extension Bool {
    /// `yes` or `no`, as the reports spell a boolean fact.
    public var yesNo: String { self ? "yes" : "no" }
}
