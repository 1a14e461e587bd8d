// Re-exported: an XCTest file imports this module and XCTest, not TimerLabTesting too, and names
// TimerLabTesting's types (`LifetimeDefaults`, `LifetimeReport`) in its calls.
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
    ///   - fileID: Where the call is (a leak is reported at its line); it and the next three are filled in by the
    ///     compiler, as `#fileID`, `#filePath`, `#line` and `#column`. A helper passes its own
    ///     caller's on, in the same four parts or as one `SourceLocation`.
    ///   - filePath: The call's file's path.
    ///   - line: The call's line.
    ///   - column: The call's column.
    ///   - isolation: The test's actor, filled in by the compiler (a `@MainActor` test's main
    ///     actor): the object is walked, released and stopped there, as a main-actor type must be.
    public func trackForLeaks(
        _ object: AnyObject, with defaults: LifetimeDefaults = LifetimeDefaults(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) {
        trackForLeaks(
            object, with: defaults, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
    }

    /// What every `trackForLeaks` does, wherever its location came from.
    func trackForLeaks(_ object: AnyObject, with defaults: LifetimeDefaults, site: CallSite, isolation: isolated (any Actor)?) {
        let tracker = LeakTracker()
        tracker.track(object, site: site, isolation: isolation, defaults: defaults)
        // Read by the teardown block, which XCTest runs after the test body, never beside it.
        let testCase = WeakReference(self)
        addTeardownBlock { await tracker.checkAll(testCase: testCase.object) }
    }
}
