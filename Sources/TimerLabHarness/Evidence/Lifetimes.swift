/// Whether the owner, the timer object, the intermediate and the helper were freed, observed with weak references.
package struct Lifetimes: Sendable, Equatable, Codable {
    /// The owner.
    package var owner: ObjectLifetime
    /// The timer, source or `WeakTimer`'s source; `nil` if the scenario registered none.
    @Nullable package var timer: ObjectLifetime?
    /// The proxy, temporary target or `WeakTimer` between timer and owner, if there is one.
    @Nullable package var intermediate: ObjectLifetime?
    /// The helper the owner made and alone kept (with a timer of its own), if there is one.
    @Nullable package var helper: ObjectLifetime?

    /// Creates lifetimes; by default the owner made no helper.
    package init(owner: ObjectLifetime, timer: ObjectLifetime?, intermediate: ObjectLifetime?, helper: ObjectLifetime? = nil) {
        (self.owner, self.timer, self.intermediate, self.helper) = (owner, timer, intermediate, helper)
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
