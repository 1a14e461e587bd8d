import Foundation
import Observation

/// An observable model whose `reading` changes once an interval, as a sensor or a poll would:
/// what the `Observations` scenarios' owners watch.
///
/// It is isolated to `ScenarioActor`, like the owners that watch it, so every read and write of
/// `reading` happens on one actor. Its own loop holds it weakly and ends the first turn it finds
/// it gone, so the model never outlives the owner that keeps it.
@ScenarioActor @Observable
final class Thermometer {
    /// The latest reading; it goes up by one each interval once `start(every:)` is called.
    private(set) var reading = 0
    @ObservationIgnored private var ticking: Task<Void, Never>?

    /// Creates a thermometer that reads nothing until started.
    nonisolated init() {}

    /// Changes `reading` once every `interval` seconds, for as long as the thermometer is kept.
    func start(every interval: TimeInterval) {
        ticking = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let self else { break }
                self.reading += 1
            }
        }
    }

    deinit {
        ticking?.cancel()
    }
}
