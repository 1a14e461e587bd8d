/// Makes sure a batch of runs fits in the address space `ulimit -v` leaves, before any starts.
///
/// The Swift runtime ends the process when an allocation fails, so a run that would not fit must
/// not start: it is refused in one line instead. The costs were measured here (`VmPeak` of
/// `leak strong-target` and `leak --all`, release build, with the thread stacks and malloc arenas
/// the C target fits to a limited address space): about 1.6 MB more per run beside the others.
/// 2 MB a run still let `leak --all` under 100 MB fail an allocation, and 3 MB did on a loaded
/// machine (libdispatch starts more worker threads, 1 MiB of stack each, when its workers wait);
/// 4 MB did too, at 140 MB under the test suite's load, with 51 workers for about 14 runs (over
/// 3.5 MiB of stacks a run, beside its own thread). So a run is counted as 6 MB, and 6 MB are
/// kept for the workers and what the process maps after the runs (its report, its exit).
enum AddressSpaceBudget {
    /// Address space one run adds while it runs beside others.
    static let perRun = 6 * 1024 * 1024
    /// Address space kept free beside the runs (a single run at 80 MB peaked 2.7 MB above the
    /// size measured before it; a loaded machine adds worker threads).
    static let reserve = 6 * 1024 * 1024

    /// How many of `count` runs fit now (all of them with no limit).
    static func fitting(_ count: Int) -> Int {
        guard let left = SystemSeam.addressSpaceLeft() else { return count }
        return max(0, min(count, (left - reserve) / perRun))
    }

    /// Whether `bytes` more, beside the reserve, fit now.
    static func room(for bytes: Int) -> Bool {
        guard let left = SystemSeam.addressSpaceLeft() else { return true }
        return left - reserve >= bytes
    }

    /// `too little address space: <who> about N MB more, and ulimit -v allows M MB (K MB in use)`.
    static func shortage(needing bytes: Int, who: String) -> String {
        let limit = SystemSeam.addressSpaceLimit() ?? 0
        let inUse = limit - (SystemSeam.addressSpaceLeft() ?? limit)
        let megabytes = { (bytes: Int) in (bytes + 1_048_575) / 1_048_576 }
        return "too little address space: \(who) about \(megabytes(bytes + reserve)) MB more, "
            + "and ulimit -v allows \(megabytes(limit)) MB (\(megabytes(inUse)) MB in use)"
    }

    /// The sentence for runs of which not even one fits.
    static var runShortage: String { shortage(needing: perRun, who: "a run needs") }
}
