/// The three facts a run observes: the owner's fate, whether the timer fired, and its state after release.
package struct Outcome: Sendable, Equatable, Codable {
    /// `freed` if the owner's `deinit` ran and a weak reference to it is nil; `leaked` otherwise.
    package var owner: OwnerFate
    /// Whether the timer fired at least once before the owner was released.
    package var fired: Bool
    /// Whether the timer or source was still scheduled at the end of the grace period.
    package var afterRelease: TimerState

    /// Creates an outcome from its three facts.
    package init(owner: OwnerFate, fired: Bool, afterRelease: TimerState) {
        (self.owner, self.fired, self.afterRelease) = (owner, fired, afterRelease)
    }

    /// One fact's value as every output spells it: `leaked`, `yes`, `running`.
    package func value(of fact: Fact) -> String {
        switch fact {
        case .owner: return owner.rawValue
        case .fired: return fired ? "yes" : "no"
        case .afterRelease: return afterRelease.rawValue
        }
    }

    /// The three facts, named as their JSON keys.
    package enum Fact: String, Sendable, Codable, CaseIterable {
        case owner, fired, afterRelease

        /// The name people read: `owner`, `fired`, `after release`.
        package var displayName: String { self == .afterRelease ? "after release" : rawValue }
    }
}

/// Whether the owner outlived its release.
package enum OwnerFate: String, Sendable, Codable, CaseIterable {
    case freed, leaked
}

/// Whether a timer or dispatch source is still scheduled.
package enum TimerState: String, Sendable, Codable {
    case stopped, running
}
