/// Checks `make()`'s object and fails the running test, with the whole report, unless it was
/// freed; records and returns, as `#expect` does (`requireFreed` throws instead). Works from
/// Swift Testing and from XCTest alike, and needs no `import Testing` in an XCTest file.
///
/// ```swift
/// @Test func pollerIsFreed() async {
///     await expectFreed { Poller() } start: { $0.start() }
/// }
/// ```
///
/// A main-actor type is checked from a `@MainActor` test, on the main actor, with the same
/// call; an actor is checked by awaiting its own start method:
///
/// ```swift
/// @Test func feedIsFreed() async {
///     await expectFreed { Feed() } start: { try await $0.start() }
/// }
/// ```
///
/// A freed object passes. When nothing timer-like was seen running, the report says the check
/// proves nothing about timers; if a `Timer?`, `Task?`, `DispatchSourceTimer?` or
/// `DispatchWorkItem?` property was left `nil` by `start`, that is recorded as a warning, and
/// a strict check (``LifetimeDefaults/strict``) fails either. Called outside any test, a failure goes to standard error, or to
/// XCTest's `XCTFail` where XCTest is loaded, which drops it when no XCTest test runs: there,
/// call `requireFreed`, which throws.
///
/// - Parameters:
///   - defaults: How long the object runs and is watched, the patience, each step's time limit,
///     whether a weak pass fails, whether a failure attaches its evidence: each value it leaves
///     out is the one in force here (``LifetimeDefaults``).
///   - make: Builds the object; the check keeps the only strong reference to it.
///   - start: Starts the object's timers, tasks or observers, as your app does; `async`, throwing, or neither.
///   - beforeRelease: What your app always calls before letting go of the object, if anything;
///     a stop your app does not always make hides a leak here.
///   - fileID: Where the call is (for the failure); it and the next three are filled in by the
///     compiler, as `#fileID`, `#filePath`, `#line` and `#column`. A helper passes its own
///     caller's on, in the same four parts or as one `SourceLocation`.
///   - filePath: The call's file's path.
///   - line: The call's line.
///   - column: The call's column.
///   - isolation: The caller's actor, filled in by the compiler: the check runs on it.
/// - Returns: The report, for more expectations; `nil` when the check could not make one (that
///   failure is recorded).
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        defaults, make, start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .expect(isolation: isolation)
}

/// `expectFreed` for an object whose `start` is synchronous, called directly where the check
/// runs it: Swift cannot tell an `async` closure that never suspends from one that does, and
/// this one needs no task to run. The parameters are the other `expectFreed`'s.
@discardableResult
public func expectFreed<Object: AnyObject>(
    with defaults: LifetimeDefaults = LifetimeDefaults(), _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void, beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        defaults, make, start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    .expect(isolation: isolation)
}
