import Foundation
import Testing

@testable import TimerLabHarness

#if canImport(Glibc)
import Glibc

/// A lock kept the way SwiftNIO's `NIOLock` keeps it: a `ManagedBuffer` with no header and one
/// `pthread_mutex_t` element.
private final class LockStorage: ManagedBuffer<Void, pthread_mutex_t> {
    static func make() -> LockStorage {
        let storage = create(minimumCapacity: 1) { _ in () } as! LockStorage
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return storage
    }

    func withMutex<T>(_ body: (UnsafeMutablePointer<pthread_mutex_t>) -> T) -> T {
        withUnsafeMutablePointerToElements(body)
    }

    deinit { withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) } }
}

/// The seam takes a buffer's mutex only when it is free at once, holds it while its body runs,
/// and gives it back after; held by anyone, this thread included, it waits for nothing.
@Suite struct BufferMutexTests {
    @Test func aFreeMutexIsHeldWhileTheBodyRunsAndGivenBack() {
        let storage = LockStorage.make()
        let heldInside = SystemSeam.withBufferMutexIfFree(storage) { storage.withMutex { pthread_mutex_trylock($0) } }
        #expect(heldInside == EBUSY, "the body ran without the lock held")
        // The control: free again once the body has returned.
        let again = storage.withMutex { pthread_mutex_trylock($0) }
        #expect(again == 0)
        if again == 0 { storage.withMutex { _ = pthread_mutex_unlock($0) } }
    }

    @Test func aHeldMutexIsNotWaitedFor() {
        let storage = LockStorage.make()
        #expect(storage.withMutex { pthread_mutex_lock($0) } == 0)
        var ran = false
        #expect(SystemSeam.withBufferMutexIfFree(storage) { ran = true } == nil)
        #expect(!ran)
        storage.withMutex { _ = pthread_mutex_unlock($0) }
        #expect(SystemSeam.withBufferMutexIfFree(storage) { ran = true } != nil)
        #expect(ran)
    }
}
#endif
