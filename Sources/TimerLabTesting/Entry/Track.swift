/// Has `object` checked for a leak when the running test ends, and returns it: for a Swift
/// Testing test (or suite) with the `.leakChecked` trait. Tracking keeps nothing alive.
///
/// Without the trait there is nothing to check it when the test ends, and that is recorded as a
/// failure here, never passed over. In XCTest, call `trackForLeaks(_:)` (`TimerLabXCTest`).
///
/// - Parameters:
///   - object: An object the test made, as it already makes it.
///   - fileID: Where the call is (a leak is reported at its line); it and the next three are filled in by the
///     compiler, as `#fileID`, `#filePath`, `#line` and `#column`. A helper passes its own
///     caller's on, in the same four parts or as one `SourceLocation`.
///   - filePath: The call's file's path.
///   - line: The call's line.
///   - column: The call's column.
///   - isolation: The caller's actor, filled in by the compiler: the check runs on it.
@discardableResult
public func track<Object: AnyObject>(
    _ object: Object,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
) -> Object {
    track(object, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), isolation: isolation)
}

/// What every `track` does, wherever its location came from.
@discardableResult
func track<Object: AnyObject>(_ object: Object, site: CallSite, isolation: isolated (any Actor)?) -> Object {
    guard let tracker = LeakTracker.current else {
        FailureReporter.record(
            "track(_:) has no leak check to give \(type(of: object)) to: give the test, or its suite, the .leakChecked trait "
                + "(in an XCTest test, call trackForLeaks(_:) instead)",
            at: site)
        return object
    }
    tracker.track(object, site: site, isolation: isolation)
    return object
}
