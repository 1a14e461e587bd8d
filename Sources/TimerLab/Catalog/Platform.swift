/// The platform a graph or an expectation is for.
public enum Platform: String, Sendable, Codable, CaseIterable {
    case linux
    case apple

    /// The platform this binary runs on.
    public static var current: Platform {
        #if os(Linux)
        return .linux
        #else
        return .apple
        #endif
    }

    /// The other one.
    public var other: Platform { self == .linux ? .apple : .linux }

    /// The name people read: `Linux` or `Apple platforms`.
    public var displayName: String {
        switch self {
        case .linux: return "Linux"
        case .apple: return "Apple platforms"
        }
    }
}
