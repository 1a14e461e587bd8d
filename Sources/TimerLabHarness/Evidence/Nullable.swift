/// An optional that JSON writes as `null` instead of leaving its key out.
///
/// Synthesized `Codable` skips a `nil` optional; timerlab promises that every documented key is in
/// every result, so optional facts are wrapped in this.
@propertyWrapper
package struct Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The value, or `nil`.
    package var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
