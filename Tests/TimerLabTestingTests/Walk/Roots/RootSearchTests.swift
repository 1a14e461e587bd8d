import Foundation
import Testing
import TimerLabHarness

@testable import TimerLabTesting

/// A global that keeps an object, the chain to it, and what is no chain: the search on objects
/// this test makes and keeps where it says.
@Suite(.serialized) struct RootSearchTests {
    final class Leaf: @unchecked Sendable {}
    final class Shelf: @unchecked Sendable {
        var leaves: [Leaf] = []
        var byName: [String: Leaf] = [:]
        weak var weakLeaf: Leaf?
    }
    /// The roots: statics of this test module, as an app keeps them.
    nonisolated(unsafe) static var shelf = Shelf()
    nonisolated(unsafe) static var loose: Leaf?
    /// A bound no loaded machine reaches: these tests are of what is found, not how fast.
    static let limit = Duration.seconds(60)

    /// The search for `target`, made as a check makes it, on a thread of its own: it reads
    /// symbol tables and waits for a still copy, which must never hold one of Swift's executor
    /// threads, which the rest of the suite shares (two of them on two cores).
    static func search(for target: AnyObject, own: Set<UInt> = []) async -> RootSearch.Outcome {
        let address = RawMemory.address(of: target)
        return await withCheckedContinuation { (done: CheckedContinuation<RootSearch.Outcome, Never>) in
            Thread { done.resume(returning: RootSearch.search(for: address, own: own, limit: limit)) }.start()
        }
    }

    @Test func aStaticIsTheChainsFirstStepAndAnElementItsLast() async {
        let leaf = Leaf()
        Self.shelf.leaves = [Leaf(), leaf]
        defer { Self.shelf.leaves = [] }
        let found = await Self.search(for: leaf)
        #expect(found == .held(["RootSearchTests.shelf", "leaves[1]"]))
        withExtendedLifetime(leaf) {}
    }

    @Test func aDictionaryEntryIsNamedByItsKey() async {
        let leaf = Leaf()
        Self.shelf.byName["avatar"] = leaf
        defer { Self.shelf.byName = [:] }
        let found = await Self.search(for: leaf)
        #expect(found == .held(["RootSearchTests.shelf", "byName[\"avatar\"]"]))
        withExtendedLifetime(leaf) {}
    }

    /// The control: a leaf a static keeps directly is found; the same leaf kept only weakly,
    /// or only by this test's own variable, is no chain.
    @Test func aWeakPropertyOrALocalIsNoChain() async {
        let leaf = Leaf()
        Self.loose = leaf
        let direct = await Self.search(for: leaf)
        #expect(direct == .held(["RootSearchTests.loose"]))
        Self.loose = nil
        Self.shelf.weakLeaf = leaf
        defer { Self.shelf.weakLeaf = nil }
        let weakly = await Self.search(for: leaf)
        #expect(weakly == .none)
        withExtendedLifetime(leaf) {}
    }

    /// An object of the checked object's own tree is not gone through: a chain through it is the
    /// object's own doing.
    @Test func aChainThroughTheObjectsOwnTreeIsNone() async {
        let leaf = Leaf()
        Self.shelf.leaves = [leaf]
        defer { Self.shelf.leaves = [] }
        let shelf = RawMemory.address(of: Self.shelf)
        let found = await Self.search(for: leaf, own: [shelf])
        #expect(found == .none)
        withExtendedLifetime(leaf) {}
    }

    @Test func aSymbolIsSpelledAsSwiftCodeReachesIt() {
        #expect(ImageSymbols.spelled("$s20TimerLabTestingTests9MetronomeC6sharedACvpZ") == "Metronome.shared")
        #expect(ImageSymbols.spelled("not_swift") == "not_swift")
    }

    @Test func theToolchainsAndTheSystemsImagesAreNotTheProgram() {
        #expect(!ProgramImages.isProgram("/usr/lib/x86_64-linux-gnu/libc.so.6"))
        #expect(!ProgramImages.isProgram("/lib/x86_64-linux-gnu/libm.so.6"))
        #expect(ProgramImages.isProgram(CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0] : "/work/app"))
    }

    /// An anonymous mapping right after an image's is that image's `.bss`; one elsewhere is not the image's.
    @Test func anImagesDataIsItsWritableMappingsAndTheAnonymousOneAfter() {
        let mappings = [
            SystemSeam.Mapping(start: 0x1000, end: 0x2000, privateWritable: false, offset: 0, path: "/work/app"),
            SystemSeam.Mapping(start: 0x2000, end: 0x3000, privateWritable: true, offset: 0x1000, path: "/work/app"),
            SystemSeam.Mapping(start: 0x3000, end: 0x4000, privateWritable: true, offset: 0, path: ""),
            SystemSeam.Mapping(start: 0x9000, end: 0xA000, privateWritable: true, offset: 0, path: ""),
            SystemSeam.Mapping(start: 0xA000, end: 0xB000, privateWritable: true, offset: 0, path: "[vvar]"),
        ]
        let images = ImageLayout.data(mappings)
        #expect(images.map(\.start) == [0x2000, 0x3000])
        #expect(images.allSatisfy { $0.base == 0x1000 && $0.path == "/work/app" })
        #expect(ImageLayout(mappings).files.map(\.start) == [0x1000, 0x2000])
    }
}
