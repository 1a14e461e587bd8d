/// Has `object` checked for a leak when the running test ends, and returns it: for a Swift
/// Testing test (or suite) with the `.leakChecked` trait. Tracking keeps nothing alive.
///
/// Without the trait there is nothing to check it when the test ends, and that is recorded as a
/// failure here, never passed over. In XCTest, call `trackForLeaks(_:)` (`TimerLabXCTest`).
///
/// - Parameters:
///   - object: An object the test made, as it already makes it.
///   - sourceLocation: Where the call is: a leak is reported at this line. Filled in by the
///     compiler.
///   - isolation: The caller's actor, filled in by the compiler: the check runs on it.
@discardableResult
public func track<Object: AnyObject>(
    _ object: Object,
    sourceLocation: SourceLocation = #_timerLabSourceLocation,
    isolation: isolated (any Actor)? = #isolation
) -> Object {
    guard let tracker = LeakTracker.current else {
        FailureReporter.record(
            "track(_:) has no leak check to give \(type(of: object)) to: give the test, or its suite, the .leakChecked trait "
                + "(in an XCTest test, call trackForLeaks(_:) instead)",
            at: sourceLocation)
        return object
    }
    tracker.track(object, site: sourceLocation, isolation: isolation)
    return object
}
