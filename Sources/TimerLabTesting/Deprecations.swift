// Every deprecated name of TimerLabTesting, by the release that deprecated it, each forwarding to
// the name that replaced it (docs/reference.md, "Deprecated names"; CHANGELOG.md). A name goes in
// the minor release after next. `LifetimeReport.Fate.nothingRan`, an enum case, cannot move here:
// it stays in its enum, deprecated there.

// MARK: Deprecated in 0.2

/// `requireFreed` under its former name, kept so existing tests build; it forwards every argument.
@available(*, deprecated, renamed: "requireFreed")
@discardableResult
public func assertFreed<Object: AnyObject>(
    running: Duration = Lifetime.defaults.running, grace: Duration = Lifetime.defaults.grace,
    _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void,
    beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws -> LifetimeReport {
    try await requireFreed(
        running: running, grace: grace, make, start: start, beforeRelease: beforeRelease,
        fileID: fileID, filePath: filePath, line: line, column: column, isolation: isolation)
}

/// Renamed `LifetimeReport.Holder`: one word, *holder*, for what can keep an object alive.
@available(*, deprecated, renamed: "LifetimeReport.Holder")
public typealias Finding = LifetimeReport.Holder

extension LifetimeReport {
    /// `timerTicksBeforeRelease` under its former name.
    @available(*, deprecated, renamed: "timerTicksBeforeRelease")
    public var timerFiresBeforeRelease: Int { timerTicksBeforeRelease }

    /// `timerTicksAfterRelease` under its former name.
    @available(*, deprecated, renamed: "timerTicksAfterRelease")
    public var timerFiresAfterRelease: Int { timerTicksAfterRelease }

    /// Renamed `holders`: one word, *holder*, for what can keep an object alive.
    @available(*, deprecated, renamed: "holders")
    public var found: [Holder] { holders }

    /// Renamed `Fate`: one word, *fate*, for whether the object was freed or leaked.
    @available(*, deprecated, renamed: "Fate")
    public typealias Verdict = Fate

    /// Renamed `fate`.
    @available(*, deprecated, renamed: "fate")
    public var verdict: Fate { fate }
}

// MARK: Deprecated in 0.4

extension LifetimeReport {
    /// Renamed `notExamined`: one word, *not examined*, for what the walk did not look into, as
    /// the report's row and the glossary say it.
    @available(*, deprecated, renamed: "notExamined")
    public var notLookedInto: [String] { notExamined }
}
