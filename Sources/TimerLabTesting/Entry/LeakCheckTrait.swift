#if canImport(Testing)
import Testing

/// Checks, when a test ends, every object its body gave to `track(_:)`: each still alive is
/// watched for a late release, and one that stays is a leak, reported once at the line that
/// tracked it with its holders named, as `expectFreed` reports.
///
/// ```swift
/// @Test(.leakChecked) func feedRefreshes() async throws {
///     let feed = track(FeedViewModel())
///     feed.start()
///     #expect(feed.isRefreshing)
/// }
/// ```
///
/// On a suite, it applies to each of its tests. The check runs on the actor each object was
/// tracked on: a `@MainActor` test's objects are checked on the main actor.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
    /// The patience the deprecated `.leakChecked(patience:)` gave, or `nil` for `.leakChecked`:
    /// the patience of the defaults in force where the test tracked each object.
    let givenPatience: Duration?

    /// Each test of a suite gets its own check.
    public var isRecursive: Bool { true }

    /// Runs the test with a tracker of its own, then checks what it tracked, whether the test
    /// passed, failed or threw.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let tracker = LeakTracker(patience: givenPatience)
        do {
            try await LeakTracker.$current.withValue(tracker) { try await function() }
        } catch {
            await tracker.checkAll()
            throw error
        }
        await tracker.checkAll()
    }
}

extension Trait where Self == LeakCheckTrait {
    /// Checks the objects the test tracks (`track(_:)`) when it ends, each with the defaults in
    /// force where the test tracked it (``LifetimeDefaults``): its patience, grace and timeout,
    /// and whether a failure attaches its evidence. For a patience of its own, give the test
    /// `.lifetimeDefaults(LifetimeDefaults(patience: …))` too.
    public static var leakChecked: Self { LeakCheckTrait(givenPatience: nil) }
}
#endif
