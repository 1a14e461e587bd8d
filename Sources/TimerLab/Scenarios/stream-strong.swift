import Dispatch
import Foundation

/// A view model that turns a GCD timer into an `AsyncStream` and consumes it with `for await`,
/// using `self` strongly; the stream's `onTermination` cancels the source; `deinit` cancels the task.
final class StreamStrongViewModel: ViewController, @unchecked Sendable {
    private var task: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let ticks = makeTicks()
        task = Task {
            for await _ in ticks {
                await self.tick()  // ◀
            }
        }
        context.probe.watch(task)
    }

    /// A stream that yields every interval, fed by a dispatch source it cancels when it ends.
    func makeTicks() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let interval = DispatchTimeInterval(seconds: context.interval)
        // Sources are thread-safe, but Linux's Dispatch does not say so to the compiler.
        nonisolated(unsafe) let source = DispatchSource.makeTimerSource(queue: context.queue)
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { continuation.yield() }
        continuation.onTermination = { _ in source.cancel() }
        source.resume()
        context.probe.watch(source)
        return stream
    }

    func tick() async {
        await doSomething()
    }

    deinit {
        task?.cancel()
    }
}

extension Scenario {
    /// `stream-strong`: `for await` over a timer stream, using `self` strongly.
    package static let streamStrong = Scenario(
        name: "stream-strong", family: .concurrency, articles: [],
        summary:
            "an AsyncStream fed by a DispatchSourceTimer; Task { for await _ in stream { self.tick() } }; onTermination cancels the source",
        expectation: Expectation(Outcome(owner: .leaked, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .task, .stream, .source, .handler, .owner],
                edges: [
                    .strong(.runtime, .task, "an unfinished task is kept until its body returns"),
                    .strong(.task, .owner, "closure captures self"),
                    .strong(.task, .stream, "for await: the iterator"),
                    .strong(.stream, .source, "onTermination captures the source"),
                    .strong(.source, .handler, "event handler"),
                    .strong(.handler, .stream, "yields into the continuation"),
                    .strong(.owner, .task, "task property"),
                ]),
            why: """
                The consuming task waits in for await for ever: the source keeps yielding. The runtime \
                keeps the task, the task keeps self, so the owner never goes and its deinit never \
                cancels. onTermination is right, but nothing ever terminates the stream.
                """,
            fix: """
                Consume with [weak self] and unwrap it per element, or cancel the task from outside \
                before the owner goes; cancelling it terminates the stream, whose onTermination then \
                cancels the source.
                """),
        machinery: [.queue, .executor], makeOwner: StreamStrongViewModel.init)
}
