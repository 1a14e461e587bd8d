import Dispatch
import Foundation
import Testing

@testable import TimerLabTesting

/// Where a dispatch source keeps its handler's closure, and a task its operation's: each found
/// by a calibration, the same way every time, and leading to the context of a user's source or
/// task (a running one, of any result type), never to a completed task's released context.
@Suite(.timeLimit(.minutes(1))) struct HandlerContextTests {
    final class Owner: @unchecked Sendable {
        var ticks = 0
    }

    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    static func captures(_ context: UInt?, _ owner: Owner) -> Bool {
        guard let context else { return false }
        return context == address(of: owner) || CaptureSearch.capture(of: ObjectIdentifier(owner), inContext: context) != nil
    }

    @Test func aSourcesRouteIsFoundTheSameWayEveryTime() throws {
        let first = try #require(SourceHandler.calibrate())
        for _ in 0..<20 { #expect(SourceHandler.calibrate() == first) }
    }

    /// A source that fires every millisecond: its handler, which captures the owner (alone, or
    /// beside another value), is found; one with no handler is not.
    @Test(arguments: [false, true]) func aRunningSourcesHandlerLeadsToWhatItCaptures(besideAValue: Bool) throws {
        let owner = Owner()
        let label = "handler"
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.handler"))
        defer { source.cancel() }
        if besideAValue {
            source.setEventHandler { owner.ticks += label.count }
        } else {
            source.setEventHandler { owner.ticks += 1 }
        }
        source.schedule(deadline: .now(), repeating: .milliseconds(1))
        source.activate()
        let context = SourceHandler.context(ofSource: Self.address(of: source as AnyObject))
        #expect(Self.captures(context, owner))
        let bare = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.bare"))
        bare.activate()
        defer { bare.cancel() }
        #expect(SourceHandler.context(ofSource: Self.address(of: bare as AnyObject)) == nil)
    }

    /// Every closure a source keeps until its cancel: its event handler's, and its cancel
    /// handler's where it has one, each leading to what it captures; the controls, a source with
    /// no cancel handler (its event handler's alone) and one with no handler (not told).
    @Test func aSourcesCancelHandlerIsFoundBesideItsEventHandler() throws {
        let route = try #require(SourceHandler.route)
        #expect(route.toCancelBlock != nil, "no way to a cancel handler was found: \(route)")
        let (ticked, cancelled) = (Owner(), Owner())
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.cancel-handler"))
        source.setEventHandler { ticked.ticks += 1 }
        source.setCancelHandler { cancelled.ticks += 1 }
        source.schedule(deadline: .now(), repeating: .milliseconds(1))
        source.activate()
        defer { source.cancel() }
        let contexts = try #require(SourceHandler.handlerContexts(ofSource: Self.address(of: source as AnyObject)))
        #expect(contexts.count == 2)
        #expect(Self.captures(contexts.first, ticked) && !Self.captures(contexts.first, cancelled))
        #expect(Self.captures(contexts.last, cancelled) && !Self.captures(contexts.last, ticked))
        let eventOnly = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.event-only"))
        eventOnly.setEventHandler { ticked.ticks += 1 }
        eventOnly.activate()
        defer { eventOnly.cancel() }
        let alone = try #require(SourceHandler.handlerContexts(ofSource: Self.address(of: eventOnly as AnyObject)))
        #expect(alone.count == 1 && Self.captures(alone.first, ticked))
        let bare = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "tests.no-handler"))
        bare.activate()
        defer { bare.cancel() }
        #expect(SourceHandler.handlerContexts(ofSource: Self.address(of: bare as AnyObject)) == nil)
    }

    @Test func aTasksLayoutIsFoundTheSameWayEveryTime() throws {
        let first = try #require(TaskOperation.calibrate())
        for _ in 0..<20 { #expect(TaskOperation.calibrate() == first) }
    }

    /// Running tasks of results of every size and alignment lead to their operation's context;
    /// once a task has completed, its context is released, and it leads nowhere.
    @Test func aRunningTasksOperationLeadsToWhatItCapturesWhateverItReturns() async {
        let owner = Owner()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let tasks = [
            Self.entry(
                Task {
                    for await _ in gate {}
                    owner.ticks += 1
                }),
            Self.entry(
                Task {
                    for await _ in gate {}
                    owner.ticks += 1
                    return UInt8(1)
                }),
            Self.entry(
                Task {
                    for await _ in gate {}
                    owner.ticks += 1
                    return (1, 2, 3)
                }),
            Self.entry(
                Task {
                    for await _ in gate {}
                    owner.ticks += 1
                    return SIMD4<Float>(1, 2, 3, 4)
                }),
            Self.entry(
                Task {
                    for await _ in gate {}
                    owner.ticks += 1
                    return "a string"
                }),
        ]
        for task in tasks {
            #expect(Self.captures(TaskOperation.context(ofJob: task.job, success: task.success), owner), "\(task.success)")
        }
        open.finish()
        for task in tasks {
            await task.done()
            #expect(TaskOperation.context(ofJob: task.job, success: task.success) == nil, "\(task.success), completed")
        }
    }

    static func entry<Success: Sendable>(_ task: Task<Success, Never>) -> (job: UInt, success: Any.Type, done: () async -> Void) {
        (withUnsafeBytes(of: task) { $0.load(as: UInt.self) }, Success.self, { _ = await task.value })
    }
}
