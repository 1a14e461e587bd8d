import TimerLab
import XCTest

/// XCTest: checks `make()`'s object on the harness and fails the test with the whole report unless
/// it was freed. A type that starts nothing fails too, with "nothing ran".
///
/// ```swift
/// func testPollerIsFreed() async throws {
///     try await assertFreed { Poller() } start: { $0.start() }
/// }
/// ```
/// - Returns: the report, for more assertions.
@discardableResult
public func assertFreed<Object: AnyObject>(
    ticks: Int = 3, interval: Duration = .milliseconds(10), grace: Int = 2,
    _ make: @escaping @Sendable () -> Object,
    start: @escaping @Sendable (Object) -> Void,
    stop: (@Sendable (Object) -> Void)? = nil,
    file: StaticString = #filePath, line: UInt = #line
) async throws -> LifetimeReport {
    let report = try await Lifetime.check(ticks: ticks, interval: interval, grace: grace, make, start: start, stop: stop)
    if !report.freed {
        XCTFail(report.description, file: file, line: line)
    }
    return report
}
