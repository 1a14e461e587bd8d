import TimerLabHarness

extension ReferenceGraph {
    /// A reference from one object to another.
    package struct Edge: Sendable, Equatable, Codable {
        /// What kind of reference it is once the owner is released.
        package enum Kind: String, Sendable, Codable {
            /// Keeps its target alive.
            case strong
            /// Does not.
            case weak
            /// Existed, but was broken before release (invalidated, cancelled, set to nil).
            case cut
            /// The caller's own reference, dropped at release.
            case released
        }

        /// The holder's id.
        package let from: String
        /// The held object's id.
        package let to: String
        /// What kind of reference.
        package let kind: Kind
        /// What the reference is, in the code: `target`, `block captures self`, `timer property`.
        package let label: String

        /// Creates an edge.
        package init(from: Node, to: Node, kind: Kind, label: String) {
            self.from = from.id
            self.to = to.id
            self.kind = kind
            self.label = label
        }

        /// A strong reference.
        package static func strong(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .strong, label: label)
        }

        /// A weak reference.
        package static func weak(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .weak, label: label)
        }

        /// A reference the scenario broke before release.
        package static func cut(_ from: Node, _ to: Node, _ label: String) -> Edge {
            Edge(from: from, to: to, kind: .cut, label: label)
        }
    }
}
