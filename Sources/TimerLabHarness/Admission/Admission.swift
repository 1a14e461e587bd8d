/// Decides, before a run starts, whether the process has what it needs: the one door through
/// which `Harness` admits runs, and through which a caller admits work of its own (bench's points).
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
package enum Admission {
    /// Why work cannot start now, in one sentence.
    struct Refusal: Error {
        let reason: String
    }

    /// How many of `subjects`, from the first, can start side by side now, or why not even one can.
    ///
    /// What every run needs is asked first: the process-wide descriptors (libdispatch and
    /// CoreFoundation trap when they cannot open their first ones) and a dispatch worker
    /// (libdispatch waits forever in `async` when it cannot make one), asked from a thread that can
    /// be given up on, and again on every call, so one passing shortage does not refuse every later
    /// run of the process. Then as many as the descriptors and the address space free allow. The
    /// reason is worded only when nothing fits: wording a descriptor shortage opens and closes up
    /// to 4,096 placeholder descriptors to count what is free.
    static func admit(_ subjects: ArraySlice<Subject>) -> Result<Int, Refusal> {
        guard DescriptorBudget.warmedUp || DescriptorBudget.roomToWarmUp else {
            return .failure(Refusal(reason: DescriptorBudget.shortage(for: subjects)))
        }
        guard DispatchProbe.workersRun() else { return .failure(Refusal(reason: DispatchProbe.refusal)) }
        let space = AddressSpaceBudget.fitting(subjects.count)
        let size = min(DescriptorBudget.fittingRaisingLimit(subjects), space)
        guard size == 0 else { return .success(size) }
        return .failure(Refusal(reason: space == 0 ? AddressSpaceBudget.runShortage : DescriptorBudget.shortage(for: subjects)))
    }

    /// Why work of the caller's own, which makes `runLoops` run loops in the default mode and needs
    /// `bytes` more address space, cannot start now, or `nil`: the rules a run is admitted by.
    /// `who` begins the sentence's need ("the next point needs").
    package static func refusal(runLoops: Int, bytes: Int, who: String) -> String? {
        guard AddressSpaceBudget.room(for: bytes) else { return AddressSpaceBudget.shortage(needing: bytes, who: who) }
        guard DescriptorBudget.warmedUp || DescriptorBudget.roomToWarmUp, DescriptorBudget.roomRaisingLimit(forRunLoops: runLoops)
        else { return DescriptorBudget.shortage(forRunLoops: runLoops, who: who) }
        return DispatchProbe.workersRun() ? nil : DispatchProbe.refusal
    }
}
