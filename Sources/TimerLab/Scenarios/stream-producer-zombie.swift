import Foundation

/// A stream fed by a producer `Task`, consumed with `[weak self]`; no `onTermination`, so when the
/// consumer goes, nobody stops the producer.
final class StreamProducerZombieViewModel: ViewController, @unchecked Sendable {
    private var consumer: Task<Void, Never>?

    override func viewDidLoad() {
        start()
    }

    func start() {
        let interval = context.interval
        let (ticks, continuation) = AsyncStream.makeStream(of: Void.self)
        let producer = Task {  // ◀
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                continuation.yield()
            }
        }
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
    /// `stream-producer-zombie`: the consumer ends with its owner, the producer does not.
    package static let streamProducerZombie = Scenario(
        name: "stream-producer-zombie", family: .concurrency, articles: [],
        summary: "a stream fed by a producer Task, consumed with [weak self], no onTermination: the producer outlives its owner",
        expectation: Expectation(Outcome(owner: .freed, fired: true, afterRelease: .running)),
        explanation: Explanation(
            graph: ReferenceGraph(
                nodes: [.runtime, .producer, .consumer, .stream, .owner],
                edges: [
                    .strong(.runtime, .producer, "an unfinished task is kept until its body returns"),
                    .strong(.runtime, .consumer, "an unfinished task is kept until its body returns"),
                    .strong(.producer, .stream, "holds the continuation"),
                    .strong(.consumer, .stream, "for await: the iterator"),
                    .weak(.consumer, .owner, "[weak self]"),
                    .strong(.owner, .consumer, "consumer property"),
                ]),
            why: """
                The consumer holds the owner weakly, so the owner is freed and its deinit cancels the \
                consumer. But nothing tells the producer: it keeps sleeping and yielding into a stream \
                nobody reads, for the life of the process.
                """,
            fix: """
                Set the continuation's onTermination to cancel the producer (stream-on-termination).
                """),
        makeOwner: StreamProducerZombieViewModel.init)
}
