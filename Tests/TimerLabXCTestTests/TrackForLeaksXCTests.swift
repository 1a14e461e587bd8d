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
        trackForLeaks(editor, with: LifetimeDefaults(patience: .seconds(4)))
        editor.leave()
    }

    /// A main-actor test's object is checked without running any of its code: the walk reads its
    /// memory, never its custom mirror (which would count the read). A work item on a global
    /// queue keeps it 200 ms past the test, so the check has it to walk (and sees it freed late).
    @MainActor func testAMainActorTestsObjectIsWalkedWithoutRunningItsCode() {
        addTeardownBlock { @MainActor in
            XCTAssertEqual(MainActorWalked.mirrorReads, 0, "the walk ran the object's own code")
        }
        let object = MainActorWalked()
        trackForLeaks(object, with: LifetimeDefaults(patience: .seconds(4)))
        let kept = object
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { _ = kept }
    }
}

/// Counts the reads of its custom mirror: the walk must make none.
@MainActor final class MainActorWalked: CustomReflectable {
    nonisolated(unsafe) static var mirrorReads = 0
    let ticker = Timer(timeInterval: 3600, repeats: true) { _ in }
    nonisolated var customMirror: Mirror {
        Self.mirrorReads += 1
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
