import Foundation
import Synchronization
import Testing

@testable import TimerLabTesting

/// A surplus of references is believed only if it lasts: a hold that ends while it is looked at
/// again (a library's handler that holds its object while it fires) makes nothing kept
/// elsewhere; a hold that stays does.
@Suite struct OwnershipGraphTests {
    final class Service: Sendable {}

    /// Another owner, on another thread, that lets go when told to.
    final class Holder: @unchecked Sendable {
        // Written once by the thread that lets go; the rereads only count references.
        var held: Service?
        init(_ service: Service) { held = service }
    }

    @Test func aSurplusThatEndsWhileItIsLookedAtAgainIsNotBelieved() async {
        let service = Service()
        let address = UInt(bitPattern: Unmanaged.passUnretained(service).toOpaque())
        let alone = RawMemory.strongCount(at: address) ?? 0
        let holder = Holder(service)
        let letGo = DispatchSemaphore(value: 0)
        // A thread of its own, not a dispatch worker: other tests may hold every one of those.
        Thread.detachNewThread {
            letGo.wait()
            holder.held = nil
        }
        // The first look sees the holder's reference and tells it to let go; the rereads after it
        // wait for that, up to 2,000 of them (about a second).
        let told = Atomic<Bool>(false)
        let lasting = StrongCount.lasting([0], rereads: 2000) { _ in
            let surplus = StrongCount.surplus(at: address, counted: alone)
            if told.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged { letGo.signal() }
            return surplus
        }
        let firstLookSawIt = told.load(ordering: .sequentiallyConsistent)
        #expect(firstLookSawIt, "the first look saw the holder's reference")
        #expect(lasting.isEmpty)
        withExtendedLifetime(service) {}
    }

    @Test func aSurplusThatStaysIsBelieved() {
        let service = Service()
        let address = UInt(bitPattern: Unmanaged.passUnretained(service).toOpaque())
        let alone = RawMemory.strongCount(at: address) ?? 0
        let holder = Holder(service)
        var reads = 0
        let lasting = StrongCount.lasting([0]) { _ in
            reads += 1
            return StrongCount.surplus(at: address, counted: alone)
        }
        #expect(lasting == [0])
        #expect(reads == 1 + StrongCount.rereads)
        withExtendedLifetime((service, holder)) {}
    }

    @Test func noSurplusCostsNoSecondLook() {
        let service = Service()
        var reads = 0
        let lasting = StrongCount.lasting([0]) { _ in
            reads += 1
            return false
        }
        #expect(lasting.isEmpty && reads == 1)
        withExtendedLifetime(service) {}
    }
}

/// The strong count is read from the object's count word, whatever its references are.
@Suite struct RawStrongCountTests {
    final class Counted: Sendable {}

    @Test func theCountWordSaysHowManyHoldTheObject() {
        let object = Counted()
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let one = RawMemory.strongCount(at: address)
        let more = [object, object]
        #expect(RawMemory.strongCount(at: address) == one.map { $0 + 2 })
        withExtendedLifetime(more) {}
    }

    @Test func aWeaklyReferencedObjectIsCountedThroughItsSideTable() {
        let object = Counted()
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        weak let weakly = object
        let before = RawMemory.strongCount(at: address)
        let more = [object, object]
        #expect(RawMemory.strongCount(at: address) == before.map { $0 + 2 })
        withExtendedLifetime((weakly, more)) {}
    }
}

/// A holder is taken by a claim: a live object gains one reference, given back when dropped; a
/// place whose class is not the one read gives none.
@Suite struct RawClaimTests {
    final class Held: Sendable {}

    @Test func aClaimTakesOneReferenceAndGivesItBack() throws {
        let object = Held()
        let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        let isa = try #require(RawMemory.isa(of: address))
        let before = RawMemory.strongCount(at: address)
        var claimed = RawMemory.claim(address, isa: isa)
        #expect(claimed === object)
        #expect(RawMemory.strongCount(at: address) == before.map { $0 + 1 })
        claimed = nil
        #expect(RawMemory.strongCount(at: address) == before)
        #expect(RawMemory.claim(address, isa: isa + 8) == nil)
        withExtendedLifetime((object, claimed)) {}
    }
}
