/// Whether the owner, the timer object and the intermediate were freed, observed with weak references.
package struct Lifetimes: Sendable, Equatable, Codable {
    /// The owner.
    package var owner: ObjectLifetime
    /// The timer, source or `WeakTimer`'s source; `nil` if the scenario registered none.
    @Nullable package var timer: ObjectLifetime?
    /// The proxy, temporary target or `WeakTimer` between timer and owner, if there is one.
    @Nullable package var intermediate: ObjectLifetime?

    /// Creates lifetimes.
    package init(owner: ObjectLifetime, timer: ObjectLifetime?, intermediate: ObjectLifetime?) {
        self.owner = owner
        self.timer = timer
        self.intermediate = intermediate
    }
}

/// One object's type and whether it was freed by the end of the grace period.
package struct ObjectLifetime: Sendable, Equatable, Codable {
    /// The object's kind, printed as reports name it: `owner`, `Timer`, `DispatchSourceTimer`, `WeakProxy`.
    package var kind: ObjectKind
    /// Whether a weak reference to it was nil.
    package var freed: Bool

    /// Creates a lifetime record.
    package init(kind: ObjectKind, freed: Bool) {
        self.kind = kind
        self.freed = freed
    }
}
