/// The words a walk read on its way from the checked object down to one object, each with the
/// address it held then: what tells, after a claim, that the object claimed is the one met there.
///
/// A claim succeeds on whatever live object of the same class stands at an address; the one the
/// walk met may have been freed meanwhile, and another (of another owner) made there. Read again
/// after the claim, outermost first, every word must still hold what led on. The checked object is
/// alive throughout (the check holds it), so its own word that still holds the first address means
/// that object is still its own, and so on down. What is not proved: a way that changed and changed
/// back between the two readings; that needs every other thread held still (issue 66, item 4).
struct WayDown: Sendable, Equatable {
    /// One word on the way: where it is, and the address it held when the walk read it.
    struct Link: Sendable, Equatable {
        let origin: UInt
        let address: UInt
    }

    let links: [Link]

    /// The same way, one word further: `origin`, which held `address` (none where not read from one word).
    func then(_ origin: UInt?, _ address: UInt) -> WayDown {
        guard let origin else { return self }
        return WayDown(links: links + [Link(origin: origin, address: address)])
    }

    /// The same way, then `links` (words out of line on to the next object: `RawValue.way`).
    func then(_ links: [Link]) -> WayDown {
        WayDown(links: self.links + links)
    }

    /// Whether every word on the way still holds what it held when the walk read it.
    var stillStands: Bool {
        links.allSatisfy { RawMemory.word(at: $0.origin) == $0.address }
    }

    /// A strong reference to the object at `address` (class word `isa`) this way leads to: taken
    /// by a claim, then believed only if the way still stands (taken, it cannot go; but it may be
    /// another object made at that address since); `nil` otherwise, the claim let go.
    func claim(_ address: UInt, isa: UInt) -> AnyObject? {
        guard let claimed = RawMemory.claim(address, isa: isa), stillStands else { return nil }
        return claimed
    }
}
