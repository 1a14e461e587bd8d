import Foundation
import TestSupport
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

    /// A main-actor test's object is walked on the main actor: its custom mirror, which the walk
    /// reads, notes the thread. A work item on a global queue keeps it 200 ms past the test, so
    /// the check has it to walk (and sees it freed late).
    @MainActor func testAMainActorTestsObjectIsWalkedOnTheMainActor() {
        addTeardownBlock { @MainActor in
            XCTAssertEqual(MainActorWalked.walks, MainActorWalked.walksOnMain, "the walk ran off the main thread")
            XCTAssertGreaterThan(MainActorWalked.walks, 0, "the check never walked the object")
        }
        let object = MainActorWalked()
        trackForLeaks(object, patience: .seconds(4))
        let kept = object
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { _ = kept }
    }
}

/// Counts the walks of it (reads of its mirror), and those made on the main thread.
@MainActor final class MainActorWalked: CustomReflectable {
    nonisolated(unsafe) static var walks = 0
    nonisolated(unsafe) static var walksOnMain = 0
    nonisolated var customMirror: Mirror {
        Self.walks += 1
        if Thread.isMainThread { Self.walksOnMain += 1 }
        return Mirror(self, children: [])
    }
}

/// Freed late: when left, it saves a draft 1.2 s later in a task that keeps it until then (a
/// second or more, so a loaded machine's grace period never covers it).
final class DraftEditor: @unchecked Sendable {
    private var task: Task<Void, Never>?
    private(set) var saves = 0
    func leave() {
        task = Task {
            try? await Task.sleep(for: .milliseconds(1_200))
            self.saves += 1
            self.task = nil
        }
    }
}
