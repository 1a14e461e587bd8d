import Foundation

/// Starts a detached thread and says so when the system refuses one.
///
/// Foundation's `Thread.start()` gives no sign when `pthread_create` fails (a low `ulimit -u`), and
/// a harness that waits for a thread that never started waits forever.
package enum HarnessThread {
    /// Why a thread could not be had.
    package struct Refused: Error {
        /// The `pthread_create` error, such as `EAGAIN`.
        package let code: Int32
        package var reason: String { String(cString: strerror(code)) }
    }

    /// Runs `body` on a new thread; the caller joins it or detaches it.
    package static func start(_ body: @escaping @Sendable () -> Void) throws(Refused) -> Handle {
        let box = Unmanaged.passRetained(Body(body))
        // One spelling for both C libraries (as swift-nio's ThreadPosix.swift): Glibc's
        // `pthread_t` is an integer that `pthread_create` fills in, Darwin's a pointer it fills an
        // optional with; the start routine's context is optional in Glibc's signature only, so it
        // is made optional before it is unwrapped (docs/platforms.md).
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t? = nil
        #endif
        let code = pthread_create(
            &thread, nil,
            { context in
                let body = Unmanaged<Body>.fromOpaque((context as UnsafeMutableRawPointer?)!).takeRetainedValue()
                body.run()
                return nil
            }, box.toOpaque())
        guard code == 0 else {
            box.release()
            throw Refused(code: code)
        }
        #if !canImport(Glibc)
        guard let thread else { preconditionFailure("pthread_create returned 0 without a thread") }
        #endif
        return Handle(thread: thread)
    }

    /// Why a new thread cannot be had right now, or `nil` if one can (it is started and joined at once).
    package static func refusalNow() -> Refused? {
        do {
            try start {}.join()
            return nil
        } catch {
            return error
        }
    }

    /// A started thread, to be joined or detached exactly once.
    ///
    /// `pthread_t` is not `Sendable`; a handle is used once, by whoever holds it, so it is never
    /// joined or detached from two threads.
    package struct Handle: @unchecked Sendable {
        fileprivate let thread: pthread_t

        /// Waits until the thread has ended, thread-local clean-up included (a run loop's descriptors).
        package func join() {
            pthread_join(thread, nil)
        }

        /// Lets the thread end on its own.
        package func detach() {
            pthread_detach(thread)
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
