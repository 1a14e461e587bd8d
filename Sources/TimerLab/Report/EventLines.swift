import Foundation

/// Renders runs as JSON Lines: one event per line, each scenario's in time order, for `jq` and `grep`.
public enum EventLines {
    /// One line of `leak --format events`.
    public struct Line: Codable, Sendable, Equatable {
        public var scenario: String
        public var ms: Double
        public var event: RunEvent.Kind
        @Nullable public var by: RunEvent.Actor?
    }

    /// `{"by":null,"event":"tick","ms":10.1,"scenario":"gcd"}` per event.
    public static func render(_ observations: [Observation]) -> String {
        observations.flatMap { observation in
            observation.events.map { event in
                let line = Line(scenario: observation.scenario, ms: (event.ms * 1000).rounded() / 1000, event: event.event, by: event.by)
                return JSONReport.encode(line, oneLine: true)
            }
        }.joined()
    }
}
