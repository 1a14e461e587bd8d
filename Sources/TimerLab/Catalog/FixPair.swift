/// A leak and the scenario that fixes it, with what changes between them.
///
/// The two owners differ by the lines that fix the leak (of the owner, or of a loop left running
/// after it); `timerlab diff` shows those lines, and `list` and `explain` give the pair as data.
package struct FixPair: Sendable, Codable, Equatable {
    /// What goes wrong in the first scenario of the pair.
    package enum Problem: String, Sendable, Codable, Equatable {
        /// Its owner outlives its release.
        case leakedOwner = "leaked owner"
        /// Its owner is freed, but a loop it started goes on running.
        case loopLeftRunning = "loop left running"
        /// Its owner is freed, but a helper the owner made and alone kept outlives it.
        case leakedHelper = "leaked helper"

        /// What the fix of a pair ends, as `explain` names it on the fix's page.
        package var endedByTheFix: String {
            switch self {
            case .leakedOwner: return "the leak it fixes"
            case .loopLeftRunning: return "the loop left running that it ends"
            case .leakedHelper: return "the helper's leak it fixes"
            }
        }
    }

    /// The scenario with the problem (the JSON key stays `leak`, as scripts read it).
    package let leak: String
    /// The scenario that fixes it.
    package let fix: String
    /// What the fix changes, and why that is enough, in one sentence.
    package let change: String
    /// The command that shows the lines between the two, so a script need not build it.
    package let diffCommand: String
    /// What goes wrong in `leak`: a leaked owner, a loop left running after a freed one, or a
    /// leaked helper of a freed one.
    package let problem: Problem
    /// Whether the fix is only the nearest freed scenario: the catalog holds none that differs
    /// from the leak by the fix alone, so more than a few lines differ.
    package let nearest: Bool

    /// Creates a pair.
    package init(leak: String, fix: String, change: String, problem: Problem = .leakedOwner, nearest: Bool = false) {
        self.leak = leak
        self.fix = fix
        self.change = change
        self.diffCommand = "timerlab diff \(leak) \(fix)"
        self.problem = problem
        self.nearest = nearest
    }
}
