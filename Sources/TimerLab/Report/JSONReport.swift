import Foundation

/// Renders results as one JSON document, `{"results": [...]}`.
public enum JSONReport {
    private struct Document: Encodable {
        let results: [RunRecord]
    }

    /// The document for `records`, pretty-printed with sorted keys, ending in a newline.
    public static func render(_ records: [RunRecord]) -> String {
        encode(Document(results: records))
    }

    /// Encodes any value the way every JSON output of timerlab is encoded.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail; an empty object would be the only fallback.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Decodes the document `leak --format json` prints.
    public static func decode(_ text: String) throws -> [RunRecord] {
        struct Decoded: Decodable { let results: [RunRecord] }
        return try JSONDecoder().decode(Decoded.self, from: Data(text.utf8)).results
    }
}
