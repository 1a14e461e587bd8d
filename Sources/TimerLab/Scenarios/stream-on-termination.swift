import Foundation

/// The same stream, with `onTermination` cancelling the producer: when the consumer goes, so does it.
final class StreamOnTerminationViewModel: ViewController, @unchecked Sendable {
    private var consumer: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        let (ticks, continuation) = AsyncStream.makeStream(of: Void.self)
        let producer = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                continuation.yield()
            }
        }
        continuation.onTermination = { _ in producer.cancel() }  // ◀
        consumer = Task { [weak self] in
            for await _ in ticks {
                guard let self else { break }
                await self.tick()
            }
        }
        context.probe.watch(producer)
        context.probe.watch(consumer)
    }

    func tick() async {
        await doSomething()
    }

    deinit {
        consumer?.cancel()
    }
}

extension Scenario {
    /// `stream-on-termination`: the fix, a stream that stops its producer when it ends.
    package static let streamOnTermination = Scenario(
        name: "stream-on-termination", family: .concurrency, articles: [],
        summary: "the same stream with onTermination cancelling the producer",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .stopped)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .producer, .consumer, .stream, .owner],
                edges: [
                    .strong(.runtime, .producer, "an unfinished task is kept until its body returns"),
                    .strong(.runtime, .consumer, "an unfinished task is kept until its body returns"),
                    .strong(.producer, .stream, "holds the continuation"),
                    .strong(.consumer, .stream, "for await: the iterator"),
                    .strong(.stream, .producer, "onTermination captures the producer"),
                    .weak(.consumer, .owner, "[weak self]"),
                    .strong(.owner, .consumer, "consumer property"),
                ]),
            why: """
                The owner is freed and its deinit cancels the consumer; cancelling the consumer \
                terminates the stream, and onTermination cancels the producer, whose loop then ends.
                """,
            fix: """
                This is the fix: every stream fed by a task or a timer gets an onTermination that \
                stops what feeds it.
                """),
        makeOwner: StreamOnTerminationViewModel.init)
}
