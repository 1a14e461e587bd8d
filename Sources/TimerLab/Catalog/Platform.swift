import TimerLabHarness

/// The platform a graph or an expectation is for.
package enum Platform: String, Sendable, Codable, CaseIterable {
    case linux
    case apple

    /// The platform this binary runs on.
    package static var current: Platform {
        #if os(Linux)
        return .linux
        #else
        return .apple
        #endif
    }

    /// The other one.
    package var other: Platform { self == .linux ? .apple : .linux }

    /// The name people read: `Linux` or `Apple platforms`.
    package var displayName: String {
        switch self {
        case .linux: return "Linux"
        case .apple: return "Apple platforms"
        }
    }
}
