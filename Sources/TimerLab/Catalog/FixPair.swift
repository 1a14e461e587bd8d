/// A leak and the scenario that fixes it, with what changes between them.
///
/// The two owners differ by the lines that fix the leak (of the owner, or of a loop left running
/// after it); `timerlab diff` shows those lines, and `list` and `explain` give the pair as data.
package struct FixPair: Sendable, Codable, Equatable {
    /// The scenario that leaks.
    package let leak: String
    /// The scenario that fixes it.
    package let fix: String
    /// What the fix changes, and why that is enough, in one sentence.
    package let change: String
    /// The command that shows the lines between the two, so a script need not build it.
    package let diffCommand: String

    /// Creates a pair.
    package init(leak: String, fix: String, change: String) {
        self.leak = leak
        self.fix = fix
        self.change = change
        self.diffCommand = "timerlab diff \(leak) \(fix)"
    }
}
