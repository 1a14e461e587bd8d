/// Runs `body` on a new thread of its own (with its own run loop) and returns what it returns,
/// once the thread has ended: its run loop and everything the thread kept are gone by then, so a
/// measurement never sees the previous one's clean-up.
func onFreshThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    guard let thread = try? HarnessThread.start({ box.value = body() }) else { return nil }
    thread.join()
    return box.value
}

/// Carries a result from the thread that computes it to the one that joins it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
