// Every deprecated name of TimerLabTesting, by the release that deprecated it, each forwarding to
// the name that replaced it (docs/reference.md, "Deprecated names"; CHANGELOG.md). A name goes in
// the minor release after next: 0.4 removed what 0.2 deprecated.

// MARK: Deprecated in 0.4
//
// The wide entry points of 0.3: five values of `LifetimeDefaults` one by one, beside the four of
// a source location (with the file ID a `String`). Each is `@_disfavoredOverload`, so a call that
// names none of the five takes the new shape; each forwards to what the new shape runs.

/// `expectFreed(with:_:start:beforeRelease:fileID:filePath:line:column:isolation:)`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: expectFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .async(start),
        beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).expect(isolation: isolation)
}

/// `expectFreed` with a synchronous `start`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: expectFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .sync(start),
        beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).expect(isolation: isolation)
}

/// `expectFreed` with an `async` stop, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: expectFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void,
    beforeRelease: @escaping (Object) async throws -> Void,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .async(start),
        beforeRelease: .async(beforeRelease), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).expect(isolation: isolation)
}

/// `requireFreed(with:_:start:beforeRelease:fileID:filePath:line:column:isolation:)`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: requireFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func requireFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .async(start),
        beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).require(isolation: isolation)
}

/// `requireFreed` with a synchronous `start`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: requireFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func requireFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .sync(start),
        beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).require(isolation: isolation)
}

/// `requireFreed` with an `async` stop, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: requireFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func requireFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void,
    beforeRelease: @escaping (Object) async throws -> Void,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict), make, start: .async(start),
        beforeRelease: .async(beforeRelease), site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).require(isolation: isolation)
}

extension Lifetime {
    /// `check(_:_:start:beforeRelease:isolation:)`, its durations one by one.
    @available(
        *, deprecated, message: "give the durations as one value: Lifetime.check(with: LifetimeDefaults(patience: .zero)) { … }"
    )
    @_disfavoredOverload
    public static func check<Object: AnyObject>(
        running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil,
        _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await check(
            with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout), make, start: start,
            beforeRelease: beforeRelease, isolation: isolation)
    }

    /// `check` with a synchronous `start`, its durations one by one.
    @available(
        *, deprecated, message: "give the durations as one value: Lifetime.check(with: LifetimeDefaults(patience: .zero)) { … }"
    )
    @_disfavoredOverload
    public static func check<Object: AnyObject>(
        running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil,
        _ make: @escaping () -> Object, start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await check(
            with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout), make, start: start,
            beforeRelease: beforeRelease, isolation: isolation)
    }

    /// `check` with an `async` stop, its durations one by one.
    @available(
        *, deprecated, message: "give the durations as one value: Lifetime.check(with: LifetimeDefaults(patience: .zero)) { … }"
    )
    @_disfavoredOverload
    public static func check<Object: AnyObject>(
        running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil,
        _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void,
        beforeRelease: @escaping (Object) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await check(
            with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout), make, start: start,
            beforeRelease: beforeRelease, isolation: isolation)
    }
}

/// `track(_:fileID:filePath:line:column:isolation:)` with the file ID a `String`, as 0.3 took it.
@available(*, deprecated, message: "give the file ID as the compiler does (#fileID), or leave the location to the compiler")
@_disfavoredOverload @discardableResult
public func track<Object: AnyObject>(
    _ object: Object, fileID: String, filePath: StaticString, line: UInt, column: UInt, isolation: isolated (any Actor)? = #isolation
) -> Object {
    track(object, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
}

#if canImport(Testing)
import Testing

extension Trait where Self == LeakCheckTrait {
    /// `.leakChecked` with a patience of its own: one value, in one place, is now
    /// `.lifetimeDefaults(LifetimeDefaults(patience: …))`, which every check under it takes.
    @available(*, deprecated, message: "give the test .leakChecked, .lifetimeDefaults(LifetimeDefaults(patience: …))")
    public static func leakChecked(patience: Duration) -> Self { LeakCheckTrait(givenPatience: patience) }
}

extension LeakCheckTrait {
    /// The patience `.leakChecked(patience:)` gave; of `.leakChecked`, ``Lifetime/defaultPatience``
    /// (each object is watched for the patience in force where the test tracked it).
    @available(*, deprecated, message: "the patience is the defaults': Lifetime.defaults.patience")
    public var patience: Duration { givenPatience ?? Lifetime.defaultPatience }
}
#endif

extension LifetimeReport {
    /// Renamed `notExamined`: one word, *not examined*, for what the walk did not look into, as
    /// the report's row and the glossary say it.
    @available(*, deprecated, renamed: "notExamined")
    public var notLookedInto: [String] { notExamined }
}
