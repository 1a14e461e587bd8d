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
/// `strict: true` fails either. Called outside any test, a failure goes to standard error, or to
/// XCTest's `XCTFail` where XCTest is loaded, which drops it when no XCTest test runs: there,
/// call `requireFreed`, which throws.
///
/// - Parameters:
///   - running: How long the object runs before release.
///   - grace: How long it is watched after release before the verdict.
///   - patience: How long an object still alive after the grace period is watched further
///     (bounded, and only then): one freed meanwhile was *freed late* and passes with a
///     warning (a strict check fails it); one still alive is a leak. Zero: no second look.
///   - timeout: How long `make`, `start` or `beforeRelease` may take before the check fails.
///   - strict: Whether a freed object fails when nothing timer-like was seen running.
///   - make: Builds the object; the check keeps the only strong reference to it.
///   - start: Starts the object's timers, tasks or observers, as your app does; `async`, throwing, or neither.
///   - beforeRelease: What your app always calls before letting go of the object, if anything;
///     a stop your app does not always make hides a leak here.
///   - fileID: Where the call is, for the failure; filled in by the compiler.
///   - filePath: The same, as XCTest takes it.
///   - line: The same.
///   - column: The same.
///   - isolation: The caller's actor, filled in by the compiler: the check runs on it.
/// - Returns: The report, for more expectations; `nil` when the check could not make one (that
///   failure is recorded).
@discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration = Lifetime.defaults.running, grace: Duration = Lifetime.defaults.grace,
    patience: Duration = Lifetime.defaults.patience, timeout: Duration = Lifetime.defaults.timeout,
    strict: Bool = Lifetime.defaults.strict,
    _ make: @escaping () -> Object,
    start: @escaping (Object) async throws -> Void,
    beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        durations: CheckDurations(running: running, grace: grace, timeout: timeout, patience: patience), strict: strict, make: make,
        start: .async(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).expect(isolation: isolation)
}

/// `expectFreed` for an object whose `start` is synchronous, called directly where the check
/// runs it. The parameters are the other `expectFreed`'s.
@discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration = Lifetime.defaults.running, grace: Duration = Lifetime.defaults.grace,
    patience: Duration = Lifetime.defaults.patience, timeout: Duration = Lifetime.defaults.timeout,
    strict: Bool = Lifetime.defaults.strict,
    _ make: @escaping () -> Object,
    start: @escaping (Object) throws -> Void,
    beforeRelease: ((Object) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async -> LifetimeReport? {
    await CheckRequest(
        durations: CheckDurations(running: running, grace: grace, timeout: timeout, patience: patience), strict: strict, make: make,
        start: .sync(start), beforeRelease: beforeRelease.map(StepClosure.sync),
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).expect(isolation: isolation)
}
