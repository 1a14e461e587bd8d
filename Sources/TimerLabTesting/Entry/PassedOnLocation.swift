import Testing

// The entry points for a Swift Testing helper that checks on its caller's behalf and passes the
// caller's location on as one `SourceLocation` (its own parameter, `= #_sourceLocation` in Swift
// Testing's style): the same checks, each failure recorded at that location. Their other
// parameters are those of the entry points the compiler fills the location in for.

/// `expectFreed`, its failure recorded at `sourceLocation`: for a helper that passes its caller's on.
///
/// ```swift
/// func expectScreenFreed(sourceLocation: SourceLocation = #_sourceLocation) async {
///     await expectFreed({ Screen() }, start: { $0.start() }, sourceLocation: sourceLocation)
/// }
/// ```
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(sourceLocation)
    )
    .expect(isolation: isolation)
}

/// `expectFreed` with a synchronous `start`, its failure recorded at `sourceLocation`.
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        defaults, make, start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(sourceLocation)
    )
    .expect(isolation: isolation)
}

/// `expectFreed` with an `async` stop, its failure recorded at `sourceLocation`.
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: @escaping (Object) async throws -> Void,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(defaults, make, start: .async(start), beforeRelease: .async(beforeRelease), site: CallSite(sourceLocation))
        .expect(isolation: isolation)
}

/// `requireFreed`, its warning (and, in an exit test, its failure) at `sourceLocation`.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(sourceLocation)
    )
    .require(isolation: isolation)
}

/// `requireFreed` with a synchronous `start`, located at `sourceLocation`.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        defaults, make, start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync), site: CallSite(sourceLocation)
    )
    .require(isolation: isolation)
}

/// `requireFreed` with an `async` stop, located at `sourceLocation`.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: @escaping (Object) async throws -> Void,
    sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(defaults, make, start: .async(start), beforeRelease: .async(beforeRelease), site: CallSite(sourceLocation))
        .require(isolation: isolation)
}

/// `track`, a leak reported at `sourceLocation`: for a helper that makes and tracks an object for its caller.
@discardableResult
public func track<Object: AnyObject>(_ object: Object, sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation)
    -> Object
{
    track(object, site: CallSite(sourceLocation), isolation: isolation)
}
