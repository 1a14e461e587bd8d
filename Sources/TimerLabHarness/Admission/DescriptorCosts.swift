import CoreFoundation
import Dispatch
import Foundation

extension DescriptorBudget {
    /// Measures what a run loop costs by making one on a thread of its own, in each harness mode.
    ///
    /// Everything the process opens once comes first, so it is not counted as a run's: the main
    /// thread's run loop (CoreFoundation makes it with the first run loop of the process),
    /// libdispatch's event loop and timer descriptors (a dispatch timer and a `Task.sleep`). Falls
    /// back to CoreFoundation's known layout when no thread can be had to measure on.
    static func measureCosts() -> Costs {
        let known = Costs.known
        processWideOpened
        // Measuring makes a run loop, which CoreFoundation cannot survive without descriptors:
        // where there is no room for one, no run fits either, and the known layout says so.
        guard openableNow(upTo: known.commonMode + slack) >= known.commonMode + slack else { return known }
        let measured = MeasuredCosts()
        guard let thread = try? HarnessThread.start({ measured.measure() }) else { return known }
        thread.join()
        guard let costs = measured.costs, costs.defaultMode >= known.defaultMode,
            costs.commonMode >= costs.defaultMode
        else { return known }
        return costs
    }

    /// Whether the process could open what it opens once and still make one run loop: checked
    /// before anything touches libdispatch or CoreFoundation, which trap without descriptors.
    static var roomToWarmUp: Bool {
        let needed = processWide + Costs.known.commonMode + slack
        return openableNow(upTo: needed) >= needed
    }

    /// What the process opens once: libdispatch's epoll, eventfd and two timer descriptors, and
    /// the main thread's run loop.
    static let processWide = 7

    /// The process-wide descriptors opened, once per process, before the costs are measured.
    static let processWideOpened: Void = warmUp(timersDueIn: 1_000_000)

    /// The threads every run needs besides its own started, once per process, before the first
    /// run's own thread: a dispatch worker that a timer's handler wakes, and a thread of Swift's
    /// executor. Started first, they are what a process short of threads still has, and the run's
    /// own thread is what the system refuses, at once; started by a run, they were refused
    /// instead, and libdispatch waited for them until the run was given up (one sweep each, under
    /// `ulimit -u 6`: `check` took 85 s without them, 26 s with the executor's thread alone, 3 s
    /// with both). The same steps as `processWideOpened`, with timers already due, so that
    /// nothing waits 1 ms for one (the two waits were 3.1 ms of a `timerlab leak`).
    static let threadsStarted: Void = warmUp(timersDueIn: 0)

    /// Starts the main thread's run loop, a dispatch timer due in `nanoseconds` and then a task
    /// that sleeps as long, and waits (bounded) for each.
    ///
    /// To open their descriptors, the timers must be due in the future when armed: libdispatch
    /// arms no timer descriptor for a deadline it takes as already due (measured: 50 µs opened
    /// one descriptor fewer than 1 ms). They wait one after the other, not together (which would
    /// save 1.2 ms): with both pending at once, libdispatch's worker monitor, which reads
    /// `/proc/<tid>/stat` whenever a root queue has work waiting at its tick and traps when it
    /// cannot, ended 2 to 3 of 90 runs in a process without procfs (none of 180 one after the other).
    private static func warmUp(timersDueIn nanoseconds: UInt64) {
        _ = CFRunLoopGetMain()
        let done = DispatchSemaphore(value: 0)
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timerlab.descriptor-warm-up"))
        source.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)))
        source.setEventHandler { done.signal() }
        source.resume()
        _ = done.wait(timeout: .now() + DispatchProbe.limit)
        source.cancel()
        // On one of Swift's executor threads, the executor's thread is already had: this one.
        // A task would then find the pool held, by this wait and by its other threads waiting
        // for this very initializer, and the whole executor stood still for the limit (2 s at
        // the start of every test run, 5 s under load: the checks beside it failed).
        guard !onAnExecutorThread else { return }
        Task.detached {
            if nanoseconds > 0 { try? await Task.sleep(nanoseconds: nanoseconds) }
            done.signal()
        }
        _ = done.wait(timeout: .now() + DispatchProbe.limit)
    }

    /// Whether the caller runs on a thread of Swift's global executor: in a task, and not on the
    /// main thread (whose tasks are the main actor's).
    private static var onAnExecutorThread: Bool {
        !Thread.isMainThread && withUnsafeCurrentTask { $0 != nil }
    }
}

extension DescriptorBudget.Costs {
    /// CoreFoundation's layout on Linux: an eventfd per run loop, an epoll and a timerfd per mode.
    static let known = DescriptorBudget.Costs(defaultMode: 3, commonMode: 5)

    /// What a run loop costs at most, assumed without measuring: twice the known layout (the
    /// measured costs equal it here; a test fails if they ever exceed this).
    static let ceiling = DescriptorBudget.Costs(defaultMode: 2 * known.defaultMode, commonMode: 2 * known.commonMode)
}

/// The counts taken on the measuring thread, handed back when it is joined.
private final class MeasuredCosts: @unchecked Sendable {
    // Written by the measuring thread before it ends, read after `join()`: never at once.
    var costs: DescriptorBudget.Costs?

    /// How many descriptors are open (`nil` without procfs: then nothing is measured).
    private static func openCount() -> Int? {
        SystemSeam.openDescriptorCount()
    }

    func measure() {
        guard let before = Self.openCount() else { return }
        let loop = CFRunLoopGetCurrent()
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 3600, 0, 0, 0) { _ in }
        CFRunLoopAddTimer(loop, timer, RunLoop.Mode.default.cfMode)
        _ = RunLoop.current.run(mode: .default, before: .distantPast)
        guard let inDefault = Self.openCount().map({ $0 - before }) else { return }
        // CoreFoundation makes a mode (and opens its descriptors) only once something is added
        // to it: a timer in the common mode, as a scenario's own timer or the run loop control.
        let common = RunLoop.Mode("timerlab.measured-common-mode")
        HarnessMode.common(common).prepareCurrentRunLoop()
        CFRunLoopAddTimer(loop, timer, common.cfMode)
        _ = RunLoop.current.run(mode: common, before: .distantPast)
        guard let inCommon = Self.openCount().map({ $0 - before }) else { return }
        CFRunLoopTimerInvalidate(timer)
        costs = DescriptorBudget.Costs(defaultMode: inDefault, commonMode: inCommon)
    }
}
