import Foundation

/// Starts a detached thread and says so when the system refuses one.
///
/// Foundation's `Thread.start()` gives no sign when `pthread_create` fails (a low `ulimit -u`), and
/// a harness that waits for a thread that never started waits forever.
enum HarnessThread {
    /// Why a thread could not be had.
    struct Refused: Error {
        /// The `pthread_create` error, such as `EAGAIN`.
        let code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// Runs `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) throws(Refused) {
        let box = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        guard code == 0 else {
            box.release()
            throw Refused(code: code)
        }
        pthread_detach(thread)
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
