import Foundation
import TimerLabHarness

/// Renders results as one JSON document, `{"results": [...]}`.
package enum JSONReport {
    /// The document `leak --format json` prints.
    package struct Document: Codable, Sendable, Equatable {
        /// One observation per scenario, in the order run.
        package var results: [ScenarioObservation]
    }

    /// The document for `records`, pretty-printed with sorted keys, ending in a newline.
    package static func render(_ records: [ScenarioObservation]) -> String {
        encode(Document(results: records))
    }

    /// Encodes any value the way every JSON output of timerlab is encoded: keys sorted, slashes
    /// bare, pretty-printed unless it is one line of a JSON-lines stream; ends in a newline.
    package static func encode(_ value: some Encodable, oneLine: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            oneLine ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail; an empty object would be the only fallback.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Decodes the document `leak --format json` prints.
    package static func decode(_ text: String) throws -> [ScenarioObservation] {
        try JSONDecoder().decode(Document.self, from: Data(text.utf8)).results
    }
}
