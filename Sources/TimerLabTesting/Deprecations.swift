// Every deprecated name of TimerLabTesting, by the release that deprecated it, each forwarding to
// the name that replaced it (docs/reference.md, "Deprecated names"; CHANGELOG.md). A name goes in
// the minor release after next: 0.4 removed what 0.2 deprecated.

// MARK: Deprecated in 0.4
//
// The wide entry points of 0.3: five values of `LifetimeDefaults` and four of a source location,
// one by one. Each is `@_disfavoredOverload`, so a call that names none of them takes the new
// shape, and forwards to it.

/// `expectFreed(_:_:start:beforeRelease:sourceLocation:isolation:)`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: expectFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await expectFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
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
    await expectFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
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
    await expectFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
}

/// `requireFreed(_:_:start:beforeRelease:sourceLocation:isolation:)`, its values one by one.
@available(*, deprecated, message: "give the values as one LifetimeDefaults: requireFreed(with: LifetimeDefaults(patience: .zero)) { … }")
@_disfavoredOverload @discardableResult
public func requireFreed<Object: AnyObject>(
    running: Duration? = nil, grace: Duration? = nil, patience: Duration? = nil, timeout: Duration? = nil, strict: Bool? = nil,
    _ make: @escaping () -> Object, start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await requireFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
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
    try await requireFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
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
    try await requireFreed(
        with: LifetimeDefaults(running: running, grace: grace, patience: patience, timeout: timeout, strict: strict),
        make, start: start, beforeRelease: beforeRelease, sourceLocation: SourceLocation(fileID, filePath, line, column),
        isolation: isolation)
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

/// `track(_:sourceLocation:isolation:)`, its location in four parts.
@available(*, deprecated, renamed: "track(_:sourceLocation:isolation:)", message: "give one SourceLocation, or leave it to the compiler")
@_disfavoredOverload @discardableResult
public func track<Object: AnyObject>(
    _ object: Object, fileID: String, filePath: StaticString, line: UInt, column: UInt, isolation: isolated (any Actor)? = #isolation
) -> Object {
    track(object, sourceLocation: SourceLocation(fileID, filePath, line, column), isolation: isolation)
}

extension SourceLocation {
    /// A location in the four parts the deprecated entry points took.
    package init(_ fileID: String, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
        self.init(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
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
