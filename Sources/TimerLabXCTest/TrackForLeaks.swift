import TimerLabTesting
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
    ///   - patience: How long an object still alive when the test ends is watched further before
    ///     it is called leaked (zero: no second look).
    ///   - fileID: Where the call is: a leak is reported at this line. Filled in by the compiler.
    ///   - file: The same, as XCTest takes it.
    ///   - line: The same.
    ///   - column: The same.
    ///   - isolation: The test's actor, filled in by the compiler (a `@MainActor` test's main
    ///     actor): the object is walked, released and stopped there, as a main-actor type must be.
    public func trackForLeaks(
        _ object: AnyObject, patience: Duration = Lifetime.defaults.patience,
        fileID: String = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) {
        let tracker = LeakTracker(patience: patience)
        tracker.track(object, site: CallSite(fileID: fileID, filePath: file, line: line, column: column), isolation: isolation)
        // Read by the teardown block, which XCTest runs after the test body, never beside it.
        let testCase = WeakReference(self)
        addTeardownBlock { await tracker.checkAll(testCase: testCase.object) }
    }
}
