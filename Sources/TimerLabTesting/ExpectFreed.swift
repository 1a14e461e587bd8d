import Testing
import TimerLab

/// Swift Testing: checks `make()`'s object on the harness and records one issue carrying the whole
/// report unless it was freed. A type that starts nothing fails too, with "nothing ran".
///
/// ```swift
/// @Test func pollerIsFreed() async throws {
///     try await expectFreed(ticks: 3) { Poller() } start: { $0.start() }
/// }
/// ```
/// - Returns: the report, for more expectations.
@discardableResult
public func expectFreed<Object: AnyObject>(
    ticks: Int = 3, interval: Duration = .milliseconds(10), grace: Int = 2,
    _ make: @escaping @Sendable () -> Object,
    start: @escaping @Sendable (Object) -> Void,
    stop: (@Sendable (Object) -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> LifetimeReport {
    let report = try await Lifetime.check(ticks: ticks, interval: interval, grace: grace, make, start: start, stop: stop)
    if !report.freed {
        Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
    }
    return report
}
