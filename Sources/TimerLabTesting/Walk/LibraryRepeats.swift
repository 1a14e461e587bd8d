import Synchronization

/// The types of libraries the check does not link that repeat work for good once scheduled, and
/// the one property that tells whether one will run again: a SwiftNIO `RepeatedTask`, whose
/// `task` its `cancel()` sets to `nil` (swift-nio's `NIOCore/EventLoop.swift`).
///
/// Such an object is its event loop's, not the checked object's (the loop keeps it, and it looks
/// kept from outside), so it is no part of the tree; but once the checked object is freed, one
/// still set to run again is work it left running, as a `Timer` it never invalidated is (issue
/// 66, item 5). Told by its class's name and its field records, never by linking the library.
enum LibraryRepeats {
    /// One such type: its name as `String(reflecting:)` spells it, what reports call it, and the
    /// property that is `nil` once it was cancelled.
    struct Rule: Sendable, Equatable {
        let typeName: String
        let name: String
        let pendingField: String
    }

    static let rules = [Rule(typeName: "NIOCore.RepeatedTask", name: "SwiftNIO's RepeatedTask", pendingField: "task")]

    /// The rule of `type`, if it is one of these.
    static func rule(for type: Any.Type, in rules: [Rule]) -> Rule? {
        let name = self.name(of: type)
        return rules.first { $0.typeName == name }
    }

    /// The names of the classes met so far: a walk meets each class of a tree in every check,
    /// and `String(reflecting:)` demangles it anew each time.
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    private static func name(of type: Any.Type) -> String {
        if let known = names.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        let name = String(reflecting: type)
        names.withLock { $0[ObjectIdentifier(type)] = name }
        return name
    }
}
