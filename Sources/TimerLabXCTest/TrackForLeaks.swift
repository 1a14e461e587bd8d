// Re-exported: an XCTest file imports this module and XCTest, not TimerLabTesting, and the default location of
// `trackForLeaks` is expanded there with TimerLabTesting's names.
@_exported import TimerLabTesting
import XCTest

extension XCTestCase {
    /// Has `object` checked for a leak once this test's body and the teardown blocks added after
    /// this call have run: freed passes; still alive is watched for a late release; one that
    /// stays is a leak, reported once at this line with its holders named, as `expectFreed`
    /// reports. An object this test case still holds in a stored property is said so instead.
    ///
    /// ```swift
    /// func testFeedRefreshes() {
    ///     let feed = FeedViewModel()
    ///     trackForLeaks(feed)
    ///     feed.start()
    ///     XCTAssertTrue(feed.isRefreshing)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - object: An object the test made, as it already makes it. Tracking keeps nothing alive.
    ///   - defaults: The patience, grace and time limit its check takes, and the rest of
    ///     ``LifetimeDefaults``: each value it leaves out is the one in force here.
    ///   - sourceLocation: Where the call is: a leak is reported at this line. Filled in by the
    ///     compiler.
    ///   - isolation: The test's actor, filled in by the compiler (a `@MainActor` test's main
    ///     actor): the object is walked, released and stopped there, as a main-actor type must be.
    public func trackForLeaks(
        _ object: AnyObject, with defaults: LifetimeDefaults = LifetimeDefaults(),
        sourceLocation: SourceLocation = #_timerLabSourceLocation,
        isolation: isolated (any Actor)? = #isolation
    ) {
        let tracker = LeakTracker()
        tracker.track(object, site: sourceLocation, isolation: isolation, defaults: defaults)
        // Read by the teardown block, which XCTest runs after the test body, never beside it.
        let testCase = WeakReference(self)
        addTeardownBlock { await tracker.checkAll(testCase: testCase.object) }
    }
}
