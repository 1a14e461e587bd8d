/// The same check as `expectFreed`, under XCTest's naming: an alias that behaves identically
/// from either test library (it fails the running test, whichever runs it).
///
/// ```swift
/// func testPollerIsFreed() async throws {
///     try await assertFreed { Poller() } start: { $0.start() }
/// }
/// ```
@discardableResult
public func assertFreed<Object: AnyObject>(
    running: Duration = .milliseconds(30), grace: Duration = .milliseconds(20),
    _ make: @escaping () -> Object,
    start: @escaping (Object) -> Void,
    beforeRelease: ((Object) -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) async throws -> LifetimeReport {
    try await expectFreed(
        running: running, grace: grace, make, start: start, beforeRelease: beforeRelease,
        fileID: fileID, filePath: filePath, line: line, column: column, isolation: isolation)
}
