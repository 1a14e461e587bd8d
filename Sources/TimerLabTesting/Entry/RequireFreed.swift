/// Checks `make()`'s object and throws unless it was freed, as `#require` does: the thrown
/// `LifetimeCheckError` carries the whole report. Swift Testing records it once; in an XCTest
/// test the failure is recorded at the calling line, as `XCTUnwrap` records its own, and XCTest
/// adds a line at `<EXPR>:0` for the thrown error that points back to it.
///
/// ```swift
/// @Test func pollerIsFreed() async throws {
///     try await requireFreed { Poller() } start: { $0.start() }
/// }
/// ```
///
/// The parameters are `expectFreed`'s. A freed object whose check warns (a holder-typed
/// property left `nil` by `start`) passes with the warning recorded.
///
/// - Returns: The report of a freed object.
/// - Throws: `LifetimeCheckError`: `.notFreed` for a leak, `.nothingSeenRunning` for a strict
///   check that saw nothing running, and the codes of a check that could not run.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .require(isolation: isolation)
}

/// `requireFreed` for an object whose `start` is synchronous, called directly where the check
/// runs it. The parameters are the other `requireFreed`'s.
@discardableResult
public func requireFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws(LifetimeCheckError) -> LifetimeReport {
    try await CheckRequest(
        defaults, make, start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .require(isolation: isolation)
}
