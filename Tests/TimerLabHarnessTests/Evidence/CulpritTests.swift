import Foundation
import Testing

@testable import TimerLabHarness

/// Which paths are elements of one collection, and which handles the culprit search stops together.
@Suite struct CulpritTests {
    @Test func aNumberedElementNamesItsCollectionAndNothingElseDoes() {
        #expect(Culprit.collection(of: "sources[12]") == "sources")
        #expect(Culprit.collection(of: "fleet.sources[0]") == "fleet.sources")
        #expect(Culprit.collection(of: "timers[\"utc\"]") == nil)
        #expect(Culprit.collection(of: "source") == nil)
        #expect(Culprit.collection(of: "sources[]") == nil)
        #expect(Culprit.collection(of: nil) == nil)
    }

    @Test func moreThanEightOfOneKindInOneCollectionAreOneStop() {
        func timers(_ base: String, _ count: Int) -> [HolderHandle] {
            (0..<count).map { index in
                let handle = HolderHandle(timer: Timer(timeInterval: 3600, repeats: true) { _ in })
                handle.path = "\(base)[\(index)]"
                return handle
            }
        }
        let many = timers("many", Culprit.groupAbove + 1)
        let few = timers("few", Culprit.groupAbove)
        let groups = CulpritSearch.groups(few + many)
        #expect(groups.map(\.count) == Array(repeating: 1, count: Culprit.groupAbove) + [Culprit.groupAbove + 1])
        #expect(groups.last?.first?.path == "many[0]")
    }
}
