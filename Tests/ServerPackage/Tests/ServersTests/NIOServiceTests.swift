import Foundation
import NIOCore
import NIOPosix
import Servers
import Testing
import TimerLabTesting

/// Server services on SwiftNIO's event loops, checked as their own tests would check them: the
/// verdict, and what the report says holds a leak and what to change.
@Suite(.timeLimit(.minutes(2))) struct NIOServiceTests {
    @Test func aRepeatedTaskTakingTheFlusherStronglyLeaksAndItsHandlesTaskIsNamed() async throws {
        let report = try await Lifetime.check {
            MetricsFlusher(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The handle is the event loop's too: the patience is spent, not skipped, and its
        // variables (the task NIO keeps) are not read while the loop's thread may change them.
        #expect(!report.judgedWithoutPatience, "\(report)")
        #expect(report.notLookedInto.contains { $0.hasPrefix("`flushTask`'s variables (and those of") }, "\(report)")
        // What holds it is not read, but the report starts where the user's code can act: the handle.
        #expect(report.description.hasPrefix("MetricsFlusher: LEAKED, held from outside its stored properties, or through `flushTask`"))
        #expect(report.fix?.contains("undo what your code scheduled through `flushTask` (cancel it, unsubscribe)") == true, "\(report)")
    }

    @Test func aRepeatedTaskTakingTheFlusherWeaklyFrees() async throws {
        let report = try await Lifetime.check {
            MetricsFlusher(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        // The loop keeps the handle too: what it runs is not read, and the pass says so.
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(text.contains("what `flushTask` runs was not read (something else keeps it too"), "\(report)")
    }

    @Test func aScheduledCloseTakingTheTimeoutStronglyLeaksThroughTheLoopsQueue() async throws {
        let report = try await Lifetime.check(patience: .milliseconds(200)) {
            IdleTimeout(weakly: false)
        } start: {
            $0.start()
        }
        #expect(report.fate == .leaked, "\(report)")
        // The close waits in the event loop's queue, which the check does not read while the
        // loop's thread may change it: the report says where it did not look.
        #expect(report.notLookedInto.contains { $0.hasPrefix("`close.promise.futureResult`'s variables (and those of") }, "\(report)")
        #expect(report.description.hasPrefix("IdleTimeout: LEAKED, held from outside its stored properties, or through `close`"))
        #expect(report.fix?.contains("undo what your code scheduled through `close` (cancel it, unsubscribe)") == true, "\(report)")
    }

    @Test func aScheduledCloseTakingTheTimeoutWeaklyFrees() async throws {
        let report = try await Lifetime.check {
            IdleTimeout(weakly: true)
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
    }

    @Test func aPingDueSoonAfterReleaseFreesThePingerLate() async throws {
        let report = try await Lifetime.check {
            KeepAlivePinger()
        } start: {
            $0.start()
        }
        #expect(report.fate == .freed, "\(report)")
        #expect(report.freedLate != nil, "\(report)")
        // It stores the handle: what held it is what the loop keeps through `ping`, not an unstored task.
        let text = report.description.replacingOccurrences(of: "\n" + String(repeating: " ", count: 26), with: " ")
        #expect(text.contains("what `ping` keeps (something else keeps it too, so that was not read)"), "\(report)")
    }

    @Test func tenChecksSideBySideOnTheSharedLoopsNeverCrash() async throws {
        // The walk meets the event loops every check shares while their threads change them:
        // it reads only what cannot change under it. Ten leaks and ten frees at once.
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let report = try await Lifetime.check(patience: .zero) {
                        MetricsFlusher(weakly: index.isMultiple(of: 2))
                    } start: {
                        $0.start()
                    }
                    return report.freed == index.isMultiple(of: 2)
                }
            }
            for try await right in group { #expect(right) }
        }
    }
}
