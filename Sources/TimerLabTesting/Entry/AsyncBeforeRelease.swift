// The entry points for an object whose `beforeRelease` is `async` (an actor's `stop() async`, a
// `@MainActor` stop awaited from elsewhere): the same checks, with `beforeRelease` awaited on the
// check's thread through a task executor on its run loop, in a mode of the check's own, so the
// object's run-loop timers do not fire while it runs; the release follows as soon as it returns.
// They run from a nonisolated test: on an actor, the stop and the release are one step there,
// which an await would split, and the check says so (`LifetimeCheckError.Code.threw`).

extension Lifetime {
    /// Runs one check of an object whose stop is `async`. The parameters are the other `check`'s;
    /// a synchronous `start` is accepted too.
    public static func check<Object: AnyObject>(
        with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
        start: @escaping (Object) async throws -> Void, beforeRelease: @escaping (Object) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(LifetimeCheckError) -> LifetimeReport {
        try await CheckRequest(defaults, make, start: .async(start), beforeRelease: .async(beforeRelease), site: .unrecorded)
            .run(isolation: isolation)
    }
}

/// `expectFreed` for an object whose stop is `async`: `beforeRelease` is awaited right before the
/// release. The parameters are the other `expectFreed`'s; a synchronous `start` is accepted too.
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: @escaping (Object) async throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: .async(beforeRelease),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .expect(isolation: isolation)
}

/// `requireFreed` for an object whose stop is `async`: `beforeRelease` is awaited right before the
/// release. The parameters are the other `requireFreed`'s; a synchronous `start` is accepted too.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void,
    beforeRelease: @escaping (Object) async throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: .async(beforeRelease),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .require(isolation: isolation)
}
