import Foundation
import TimerLabHarness

/// Renders runs as JSON Lines: one event per line, each scenario's in time order, for `jq` and `grep`.
package enum EventLines {
    /// One line of `leak --format events`.
    package struct Line: Codable, Sendable, Equatable {
        package var scenario: String
        package var ms: Double
        package var event: RunEvent.Kind
        @Nullable package var by: RunEvent.Stopper?
    }

    /// `{"by":null,"event":"tick","ms":10.1,"scenario":"gcd"}` per event.
    package static func render(_ observations: [ScenarioObservation]) -> String {
        observations.flatMap { observation in
            observation.events.map { event in
                let line = Line(scenario: observation.scenario, ms: (event.ms * 1000).rounded() / 1000, event: event.event, by: event.by)
                return JSONReport.encode(line, oneLine: true)
            }
        }.joined()
    }
}
