import Testing

@testable import TimerLabTesting

/// The way from a checked object down to a part: every word read out of line on it (an array's
/// storage, then its element), and whether it still stands once the part was replaced.
@Suite struct WayDownTests {
    final class Gear: Sendable {}

    final class Box {
        var gear = Gear()
        var gears = [Gear(), Gear()]
        var byName = ["first": Gear()]
    }

    static func way(_ walk: PropertyWalk, _ path: String) throws -> WayDown {
        try #require(walk.ownObjects.first { $0.path == path }, "\(walk.ownObjects.map(\.path))").way
    }

    @Test func eachWordOnTheWayIsThereTheStorageBeforeTheElement() throws {
        let box = Box()
        let walk = PropertyWalk(box)
        #expect(try Self.way(walk, "gear").links.count == 1)
        #expect(try Self.way(walk, "gears[1]").links.count == 2)
        // The storage's word, its values' pointer, then the bucket.
        #expect(try Self.way(walk, "byName[\"first\"]").links.count == 3)
        for path in ["gear", "gears[1]", "byName[\"first\"]"] { #expect(try Self.way(walk, path).stillStands, "\(path)") }
        withExtendedLifetime(box) {}
    }

    @Test func aReplacedPartsWayNoLongerStandsAndTheOthersStill() throws {
        let box = Box()
        let walk = PropertyWalk(box)
        let (gear, second) = (try Self.way(walk, "gear"), try Self.way(walk, "gears[1]"))
        let kept = (box.gear, box.gears)
        box.gear = Gear()
        box.gears = [box.gears[0], Gear()]
        #expect(!gear.stillStands && !second.stillStands)
        #expect(try Self.way(walk, "byName[\"first\"]").stillStands)
        withExtendedLifetime((box, kept)) {}
    }

    /// The part a claim takes is watched only while its way stands.
    @Test func aPartWhoseWayChangedIsNotWatched() throws {
        let box = Box()
        let owned = PropertyWalk(box).ownObjects
        let kept = box.gears
        box.gears = [Gear(), Gear()]
        let watched = WatchedChild.watching(owned).map(\.path)
        #expect(watched.contains("gear") && !watched.contains("gears[0]") && !watched.contains("gears[1]"), "\(watched)")
        withExtendedLifetime((box, kept)) {}
    }
}
