import CAllocator
import CoreFoundation
import Foundation
import Testing

/// The allocator's facts the C target reads are real figures on Linux: a block kept shows in the
/// heap in use, and a block's size covers what was asked; a word is read where memory is mapped
/// and refused, never faulted on, where it is not; and one pass of a run loop fires what is due.
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
            let before = timerlab_heap_in_use()
            let blocks = (0..<count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16) }
            defer { blocks.forEach { $0.deallocate() } }
            return Int64(timerlab_heap_in_use()) - Int64(before)
        }
        #expect(grew.contains { $0 >= Int64(count * size / 2) }, "\(grew)")
    }

    @Test func aBlocksSizeCoversWhatWasAsked() {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 100, alignment: 16)
        defer { block.deallocate() }
        #expect(timerlab_usable_size(block) >= 100)
    }

    @Test func aWordIsReadWhereMappedAndRefusedWhereNot() {
        let block = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        defer { block.deallocate() }
        block.pointee = 0x5EED_CAFE
        var word: UInt = 0
        #expect(timerlab_read_word(block, &word) == 1 && word == 0x5EED_CAFE)
        // The first page is never mapped: a plain load there would end the process.
        word = 7
        #expect(timerlab_read_word(UnsafeRawPointer(bitPattern: 8), &word) == 0)
        #expect(word == 7, "a refused read leaves the word as it was")
    }

    /// With this thread's page cache on, a word is read once a page: a later change is not
    /// seen until the cache is off (the control: read fresh, it is), a word across two pages
    /// and a page that cannot be read are told as a fresh read tells them, and another
    /// thread's reads are never cached.
    /// Synchronous, so that the cache is turned on and off on one thread (an `async` test may
    /// resume on another after an `await`, and leave the first thread's cache on).
    @Test func thePageCacheReadsAPageOnceAndIsThisThreadsAlone() {
        let page = 4096
        let block = UnsafeMutableRawPointer.allocate(byteCount: 3 * page, alignment: page)
        defer { block.deallocate() }
        block.storeBytes(of: 1, toByteOffset: 0, as: UInt.self)
        var word: UInt = 0
        #expect(timerlab_read_cache(1) == 1)
        #expect(timerlab_read_word(block, &word) == 1 && word == 1)
        block.storeBytes(of: 2, toByteOffset: 0, as: UInt.self)
        #expect(timerlab_read_word(block, &word) == 1 && word == 1, "served from the page read first")
        // Across the first and second pages: both read whole, the bytes in order.
        block.storeBytes(of: 0x1122_3344_5566_7788, toByteOffset: page - 4, as: UInt.self)
        var across: UInt = 0
        #expect(timerlab_read_bytes(block + page - 4, &across, 8) == 1)
        #expect(across & 0xFFFF_FFFF_0000_0000 == 0x1122_3344_0000_0000, "the second page's half")
        #expect(timerlab_read_word(UnsafeRawPointer(bitPattern: 8), &word) == 0)
        let elsewhere = ReadElsewhere(address: UInt(bitPattern: block))
        Thread { elsewhere.read() }.start()
        elsewhere.done.wait()
        #expect(elsewhere.word == 2, "another thread reads fresh")
        #expect(timerlab_read_cache(0) == 1)
        #expect(timerlab_read_word(block, &word) == 1 && word == 2, "off, a read is fresh again")
    }

    /// A read made on a thread of its own. `@unchecked Sendable`: `word` is written by that
    /// thread before it signals `done`, and read only after `done` is waited for.
    private final class ReadElsewhere: @unchecked Sendable {
        let address: UInt
        var word: UInt = 0
        let done = DispatchSemaphore(value: 0)
        init(address: UInt) { self.address = address }
        func read() {
            _ = timerlab_read_word(UnsafeRawPointer(bitPattern: address), &word)
            done.signal()
        }
    }

    /// The count of images loaded and unloaded is told, and stays while nothing is loaded.
    @Test func theImageGenerationIsToldAndStays() {
        let generation = timerlab_image_generation()
        #expect(generation > 0)
        #expect(timerlab_image_generation() == generation)
    }
    #endif

    /// Set by a timer's block, read after the pass on the same thread.
    private final class Flag: @unchecked Sendable {
        var fired = false
    }

    /// A timer due now in a mode of its own fires in one pass of this thread's run loop in that
    /// mode; the control, a timer due in an hour beside it, does not.
    @Test func onePassFiresWhatIsDueInItsMode() {
        let (due, later) = (Flag(), Flag())
        let mode = RunLoop.Mode("timerlab.c-allocator-tests")
        // By fire date: swift-corelibs-foundation's `Timer(timeInterval:repeats:block:)` is due at once.
        let dueTimer = Timer(fire: Date(), interval: 0, repeats: false) { _ in due.fired = true }
        let laterTimer = Timer(fire: Date(timeIntervalSinceNow: 3600), interval: 0, repeats: false) { _ in later.fired = true }
        RunLoop.current.add(dueTimer, forMode: mode)
        RunLoop.current.add(laterTimer, forMode: mode)
        defer { [dueTimer, laterTimer].forEach { $0.invalidate() } }
        let runLoop = Unmanaged.passUnretained(CFRunLoopGetCurrent()).toOpaque()
        let modeName = CFStringCreateWithCString(nil, mode.rawValue, CFStringBuiltInEncodings.UTF8.rawValue)!
        #expect(timerlab_run_loop_pass(runLoop, Unmanaged.passUnretained(modeName).toOpaque()) == 1)
        #expect(due.fired && !later.fired)
    }
}
