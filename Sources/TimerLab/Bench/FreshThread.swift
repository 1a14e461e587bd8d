import Dispatch
import Synchronization
import TimerLabHarness

/// How a measurement on a thread of its own ended.
enum FreshThreadEnd<T: Sendable>: Sendable {
    /// It returned this, and its thread has ended.
    case returned(T)
    /// No thread could be started; the `pthread_create` error in words.
    case refused(String)
    /// It did not return within its limit; its thread is left to end on its own.
    case overran
}

/// Runs `body` on a new thread of its own (with its own run loop) and returns what it returns,
/// once the thread has ended: its run loop and everything the thread kept are gone by then, so a
/// measurement never sees the previous one's clean-up.
///
/// The wait is bounded by `limit` seconds: where libdispatch cannot get a worker thread it sleeps
/// and retries for ever inside `async`, and a bench must not hang with it.
func onFreshThread<T: Sendable>(limit: Double, _ body: @escaping @Sendable () -> T) -> FreshThreadEnd<T> {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread: HarnessThread.Handle
    do {
        thread = try HarnessThread.start {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
    } catch {
        return .refused(error.reason)
    }
    guard done.wait(timeout: .now() + limit) == .success else {
        thread.detach()
        return .overran
    }
    thread.join()
    return result.withLock { $0 }.map { .returned($0) } ?? .overran
}
