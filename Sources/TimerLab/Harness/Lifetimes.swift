/// Whether the owner, the timer object and the intermediate were freed, observed with weak references.
public struct Lifetimes: Sendable, Equatable, Codable {
    /// The owner.
    public var owner: ObjectLifetime
    /// The timer, source or `WeakTimer`'s source; `nil` if the scenario registered none.
    @Nullable public var timer: ObjectLifetime?
    /// The proxy, temporary target or `WeakTimer` between timer and owner, if there is one.
    @Nullable public var intermediate: ObjectLifetime?

    /// Creates lifetimes.
    public init(owner: ObjectLifetime, timer: ObjectLifetime?, intermediate: ObjectLifetime?) {
        self.owner = owner
        self.timer = timer
        self.intermediate = intermediate
    }
}

/// One object's type and whether it was freed by the end of the grace period.
public struct ObjectLifetime: Sendable, Equatable, Codable {
    /// The object's kind, printed as reports name it: `owner`, `Timer`, `DispatchSourceTimer`, `WeakProxy`.
    public var kind: ObjectKind
    /// Whether a weak reference to it was nil.
    public var freed: Bool

    /// Creates a lifetime record.
    public init(kind: ObjectKind, freed: Bool) {
        self.kind = kind
        self.freed = freed
    }
}
