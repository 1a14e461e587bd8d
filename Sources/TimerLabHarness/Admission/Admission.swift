/// Decides, before a run starts, whether the process has what it needs: the harness's front
/// door admits runs here and only runs them in `Harness`.
///
/// A run that started without its resources would not fail cleanly: CoreFoundation traps when it
/// cannot open a run loop's descriptors, libdispatch waits forever for a worker thread it cannot
/// make, and the Swift runtime ends the process when an allocation fails. So each is asked for
/// first and a run that cannot have it is refused in one sentence (`HarnessError.couldNotStart`):
///
/// - descriptors: `DescriptorBudget`, measured (what a run loop costs, what is free now);
/// - dispatch workers: `DispatchProbe`, asked from a thread that can be given up on;
/// - address space under `ulimit -v`: `AddressSpaceBudget`, whose costs per run were measured in
///   the `timerlab` binary, where the C target's constructor (`CTimerLabSupport.c`,
///   `fit_limited_address_space`) gives each thread a 1 MiB stack and malloc one arena when the
///   address space is limited. A process without that constructor (a test bundle that links only
///   `TimerLabTesting`) keeps glibc's 8 MiB stacks and 64 MiB arenas, so under `ulimit -v` it
///   fits fewer runs than the budget counts and may be refused by the system rather than here.
///
/// Every constant beside these checks says where its number comes from.
enum Admission {
    /// Why no run of this process can start now, or `nil`: what every batch needs first.
    static func processRefusal(for subjects: ArraySlice<Subject>) -> String? {
        // libdispatch and CoreFoundation trap when they cannot open their first descriptors.
        guard DescriptorBudget.warmedUp || DescriptorBudget.roomToWarmUp else {
            return DescriptorBudget.shortage(for: subjects)
        }
        // Scenarios need GCD's worker threads, and libdispatch waits forever in `async` when it
        // cannot make one: ask first, from a thread that can be given up on. Asked again on every
        // call, so one passing shortage does not refuse every later run of the process.
        return DispatchProbe.workersRun() ? nil : DispatchProbe.refusal
    }

    /// How many of `remaining` fit now (descriptors and address space), and, for none, why.
    ///
    /// The reason is worded only when nothing fits: wording a descriptor shortage opens and
    /// closes up to 4,096 placeholder descriptors to count what is free.
    static func batch(_ remaining: ArraySlice<Subject>) -> (size: Int, shortage: String) {
        let space = AddressSpaceBudget.fitting(remaining.count)
        let size = min(DescriptorBudget.fittingRaisingLimit(remaining), space)
        guard size == 0 else { return (size, "") }
        return (0, space == 0 ? AddressSpaceBudget.runShortage : DescriptorBudget.shortage(for: remaining))
    }
}
