import Foundation
import Testing

@testable import TimerLabTesting

/// A library's repeating work, told by a rule as a SwiftNIO `RepeatedTask` is (its type's name
/// and the property its cancel sets to `nil`): met by the walk even where something else keeps
/// it, and left running exactly while that property is set.
@Suite struct RepeatingWorkTests {
    /// A stand-in for a library's repeated task: its loop keeps it, and `cancel` clears `task`.
    final class Repeater: @unchecked Sendable {
        // Set once, cleared by `cancel` on the caller's thread.
        var task: (@Sendable () -> Void)? = {}
        func cancel() { task = nil }
    }

    final class Service: Sendable {
        let flush: Repeater
        init(_ flush: Repeater) { self.flush = flush }
    }

    static let rule = LibraryRepeats.Rule(typeName: String(reflecting: Repeater.self), name: "a repeater", pendingField: "task")

    @Test func aRepeaterItsLoopKeepsIsLeftRunningUntilCancelled() async {
        let loop = Repeater()
        var works: [RepeatingWork] = []
        do {
            let service = Service(loop)
            let walk = PropertyWalk(service, repeatRules: [Self.rule])
            #expect(walk.repeaters.map(\.path) == ["flush"])
            works = RepeatingWork.watching(walk.repeaters)
        }
        #expect(await RepeatingWork.leftRunning(works, patience: .zero) == [.init(path: "flush", name: "a repeater")])
        loop.cancel()
        #expect(await RepeatingWork.leftRunning(works, patience: .zero).isEmpty)
    }

    /// The control: without its rule the same object is no repeater, and one freed is not running.
    @Test func withoutItsRuleOrOnceFreedNothingRepeats() async {
        #expect(PropertyWalk(Service(Repeater()), repeatRules: []).repeaters.isEmpty)
        var works: [RepeatingWork] = []
        do {
            let service = Service(Repeater())
            works = RepeatingWork.watching(PropertyWalk(service, repeatRules: [Self.rule]).repeaters)
            withExtendedLifetime(service) {}
        }
        #expect(works.count == 1)
        #expect(await RepeatingWork.leftRunning(works, patience: .zero).isEmpty)
    }
}
