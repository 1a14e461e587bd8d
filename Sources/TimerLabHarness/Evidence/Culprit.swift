/// The timer, source or task whose stop freed a leaked owner, and where the owner kept it.
package struct Culprit: Sendable, Equatable, Codable {
    /// The property path: `ticker.source`, `timers["utc"]`.
    package var path: String
    /// What it was.
    package var kind: ObjectKind
}
