/// The facts a run observes: the owner's fate, whether the timer fired, its state after release,
/// and, where the owner made a helper, the helper's fate.
package struct Outcome: Sendable, Equatable, Codable {
    /// `freed` if the owner's `deinit` ran and a weak reference to it is nil; `leaked` otherwise.
    package var owner: OwnerFate
    /// Whether the timer fired at least once before the owner was released.
    package var fired: Bool
    /// Whether the timer or source was still scheduled at the end of the grace period.
    package var afterRelease: TimerState
    /// The fate of the helper the owner made and alone kept, judged as the owner's is; `nil` (JSON
    /// `null`) where the subject made none. A freed owner whose helper leaked still leaks.
    @Nullable package var helper: OwnerFate?

    /// Creates an outcome from its facts; by default the owner made no helper.
    package init(owner: OwnerFate, fired: Bool, afterRelease: TimerState, helper: OwnerFate? = nil) {
        (self.owner, self.fired, self.afterRelease, self.helper) = (owner, fired, afterRelease, helper)
    }

    /// The facts that apply: the helper's only where the owner made one.
    package var facts: [Fact] { helper == nil ? [.owner, .fired, .afterRelease] : Fact.allCases }

    /// One fact's value as every output spells it: `leaked`, `yes`, `running`; `-` for a helper
    /// the owner did not make.
    package func value(of fact: Fact) -> String {
        switch fact {
        case .owner: return owner.rawValue
        case .fired: return fired ? "yes" : "no"
        case .afterRelease: return afterRelease.rawValue
        case .helper: return helper?.rawValue ?? "-"
        }
    }

    /// The facts, named as their JSON keys.
    package enum Fact: String, Sendable, Codable, CaseIterable {
        case owner, fired, afterRelease, helper

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
