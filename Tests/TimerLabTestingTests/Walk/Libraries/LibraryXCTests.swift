import TimerLabTesting
import XCTest

/// The same library shapes checked from XCTest: the stored closure named, late releases passing,
/// the paused source left as found.
final class LibraryXCTests: XCTestCase {
    func testAClosureARepeaterKeepsIsNamed() async throws {
        let report = try await Lifetime.check {
            PricePoller()
        } start: {
            $0.start()
            $0.startRepeater()
        }
        XCTAssertEqual(report.fate, .leaked, "\(report)")
        XCTAssertEqual(report.capturingClosures.map(\.path), ["repeater.observers[0]"], "\(report)")
        XCTAssertTrue(report.candidates.isEmpty, "\(report)")
    }

    func testLateReleasesPassExpectFreed() async throws {
        let debounced = await expectFreed {
            DraftEditor()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        XCTAssertNotNil(debounced?.freedLate, "\(String(describing: debounced))")
        let oneShot = await expectFreed {
            ToastPresenter()
        } start: {
            $0.start()
        } beforeRelease: {
            $0.leave()
        }
        XCTAssertNotNil(oneShot?.freedLate, "\(String(describing: oneShot))")
    }

    func testAPausedLibrarySourceDoesNotCrashTheCheck() async throws {
        let report = try await Lifetime.check {
            LiveScore()
        } start: {
            $0.start()
        }
        XCTAssertEqual(report.culprit?.path, "task", "\(report)")
        // Its handler takes the object weakly: the check leaves the paused source as it is.
        XCTAssertFalse(report.stopsTried.contains("timer.source"), "\(report)")
    }

    func testAnAsyncBeforeReleaseIsAwaitedByExpectFreed() async {
        let report = await expectFreed {
            FeedReader()
        } start: {
            await $0.start()
        } beforeRelease: {
            await $0.stop()
        }
        XCTAssertEqual(report?.freed, true)
    }
}
