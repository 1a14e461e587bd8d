import Foundation

/// Makes sure the process has the file descriptors a batch of runs needs, before any run starts.
///
/// On Linux, CoreFoundation opens descriptors for every run loop and traps when it cannot: an
/// eventfd for the loop, and an epoll and a timerfd for each mode it runs in. A harness that
/// started a run without them would crash instead of reporting. So the harness counts first,
/// raises the soft limit toward the hard one, runs as many at once as fit, and refuses only
/// when not even one fits.
enum DescriptorBudget {
    /// Room for the descriptors a run opens briefly (`/proc` reads, the executable's path).
    static let slack = 2
    /// A run loop in the default mode: eventfd, epoll, timerfd. CoreFoundation makes the main
    /// thread's with the first run loop of the process.
    static let runLoop = 3
    /// Each further mode a run loop runs in: its own epoll and timerfd.
    static let extraMode = 2

    /// What one run of `scenario` costs: its thread's run loop and the modes it runs in.
    static func cost(of scenario: Scenario) -> Int {
        runLoop + (scenario.runLoopMode == .default ? 0 : extraMode)
    }

    /// The indices of `scenarios` split into batches that fit side by side, in order; `nil` if
    /// not even one run fits. Raises the soft limit toward the hard one so that all could.
    ///
    /// After the first batch, one run loop is kept in reserve: a dispatch worker that scheduled a
    /// timer (`no-runloop`) keeps its run loop as long as the worker lives.
    static func batches(for scenarios: [Scenario]) -> [Range<Int>]? {
        let costs = scenarios.map(cost(of:))
        let open = openDescriptors()
        let overhead = open + slack + runLoop
        var available = raiseLimit(toward: overhead + costs.reduce(0, +) + runLoop) - overhead
        var batches: [Range<Int>] = []
        var start = 0
        while start < costs.count {
            var end = start
            var used = 0
            while end < costs.count, used + costs[end] <= available {
                used += costs[end]
                end += 1
            }
            guard end > start else { return nil }
            batches.append(start..<end)
            start = end
            if batches.count == 1 { available -= runLoop }
        }
        return batches
    }

    /// The sentence for a process where `scenarios` cannot run: the fewest descriptors that would do.
    static func shortage(for scenarios: [Scenario]) -> String {
        var limit = rlimit()
        _ = getrlimit(resource, &limit)
        let largest = scenarios.map(cost(of:)).max() ?? runLoop
        let minimum = openDescriptors() + slack + runLoop + largest + (scenarios.count > 1 ? runLoop : 0)
        return "too few file descriptors: \(scenarios.count == 1 ? "this run needs" : "these runs need") at least \(minimum), and ulimit -n allows \(limit.rlim_cur)"
    }

    /// Raises the soft limit to `wanted` if the hard limit allows, or as far as it does; returns
    /// the soft limit in force.
    private static func raiseLimit(toward wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return Int.max / 2 }
        if rlim_t(wanted) > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(min(limit.rlim_cur, rlim_t(Int.max / 2)))
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }

    /// How many descriptors are open now.
    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 3
    }
}
