/// Checks `make()`'s object and fails the running test, with the whole report, unless it was
/// freed: a leak fails, and so does "nothing ran" (no verdict). Works from Swift Testing and
/// from XCTest alike, and needs no `import Testing` in an XCTest file.
///
/// ```swift
/// @Test func pollerIsFreed() async throws {
///     try await expectFreed { Poller() } start: { $0.start() }
/// }
/// ```
///
/// A main-actor type is checked from a `@MainActor` test, on the main actor, with the same call:
///
/// ```swift
/// @MainActor @Test func bannerIsFreed() async throws {
///     try await expectFreed { Banner() } start: { $0.start() }
/// }
/// ```
///
/// Called outside any test, a failing report goes to standard error and the call throws.
///
/// - Parameters:
///   - running: How long the object runs before release.
///   - grace: How long it is watched after release before the verdict.
///   - make: Builds the object; the check keeps the only strong reference to it.
///   - start: Starts the object's timers or tasks, as your app does.
///   - beforeRelease: What your app always calls before letting go of the object, if anything;
///     a stop your app does not always make hides a leak here.
///   - fileID: Where the call is, for the failure; filled in by the compiler.
///   - filePath: The same, as XCTest takes it.
///   - line: The same.
///   - column: The same.
///   - isolation: The caller's actor, filled in by the compiler: the check runs on it.
/// - Returns: The report, for more expectations.
/// - Throws: `LifetimeCheckError` when the check could not observe at all, or failed outside a test.
@discardableResult
public func expectFreed<Object: AnyObject>(
    running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20),
    _ make: @escaping () -> Object,
    start: @escaping (Object) -> Void,
    beforeRelease: ((Object) -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws -> LifetimeReport {
    let report = try await Lifetime.check(
        running: running, grace: grace, make, start: start, beforeRelease: beforeRelease, isolation: isolation)
    if !report.freed {
        try FailureReporter.fail(report, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return report
}
