import TimerLabXCTest
import XCTest

/// `trackForLeaks` in XCTest: a freed object and a late release pass, checked after the test.
final class TrackForLeaksXCTests: XCTestCase {
    func testAFreedObjectPasses() {
        let poller = PolitePoller()
        trackForLeaks(poller)
        poller.start()
    }

    func testALateReleasePasses() {
        let editor = DraftEditor()
        trackForLeaks(editor, patience: .seconds(4))
        editor.leave()
    }
}
