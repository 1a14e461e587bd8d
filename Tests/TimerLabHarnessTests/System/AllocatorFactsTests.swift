import Foundation
import Testing

@testable import TimerLabHarness

/// The allocator's facts the seam reads through the C target are real figures on Linux: a block
/// kept shows in the heap in use, and a block's size covers what was asked; a word is read where
/// memory is mapped and refused, never faulted on, where it is not.
@Suite struct AllocatorFactsTests {
    #if canImport(Glibc)
    /// Whether the address sanitizer's allocator serves this process: glibc's count then sees none
    /// of the blocks (bench is never run so).
    static let addressSanitized = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

    /// Blocks of 16 KB, below the size glibc maps on its own (which mallinfo2 counts apart).
    @Test(.disabled(if: addressSanitized, "the address sanitizer's allocator keeps its own count"))
    func keptBlocksShowInTheHeapInUse() {
        let (count, size) = (64, 16 << 10)
        // Other tests allocate and free meanwhile: a floor (half the blocks), in one of three tries.
        let grew = (0..<3).map { _ in
            let before = SystemSeam.heapInUse()
            let blocks = (0..<count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16) }
            defer { blocks.forEach { $0.deallocate() } }
            return Int64(SystemSeam.heapInUse()) - Int64(before)
        }
        #expect(grew.contains { $0 >= Int64(count * size / 2) }, "\(grew)")
    }

    @Test func aBlocksSizeCoversWhatWasAsked() {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 16)
        defer { block.deallocate() }
        #expect((SystemSeam.allocationSize(of: block) ?? 0) >= 100)
    }

    @Test func aWordIsReadWhereMappedAndRefusedWhereNot() {
        let block = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer { block.deallocate() }
        block.pointee = 0x5EED_CAFE
        #expect(SystemSeam.readWord(at: UInt(bitPattern: block)) == 0x5EED_CAFE)
        // The first page is never mapped: a plain load there would end the process.
        #expect(SystemSeam.readWord(at: 8) == nil)
        #expect(SystemSeam.readWord(at: 0) == nil)
    }
    #endif
}
