import Dispatch

/// Whether a dispatch source is suspended, read from libdispatch's own state word.
///
/// libdispatch has no public call for it, and it matters: cancelling a suspended source does
/// nothing until it is resumed, resuming an active one traps ("over-resume"), and releasing a
/// suspended one traps too. So the word is found by experiment, never by a hard-coded layout:
/// once per process a probe source of the harness's own is read in its active state and
/// suspended once and twice, and the 64-bit word that grows by one fixed power of two per
/// suspension is the state word; its bits above that step are the suspend count. Where Swift's
/// `DispatchSource` does not wrap a pointer (Apple platforms) or no word behaves so, nothing is
/// read (`nil`), and a stop only cancels, as before.
package enum DispatchSourceState: Equatable, Sendable {
    /// Resumed: a cancel takes effect at once.
    case active
    /// Suspended this many times: a cancel takes effect once resumed as often.
    case suspended(Int)
    /// Never resumed: a cancel takes effect once activated.
    case inactive

    /// The state of `source` now, or `nil` if it cannot be read on this platform.
    package static func of(_ source: DispatchSourceTimer) -> DispatchSourceState? {
        guard let layout = Layout.calibrated, let word = Layout.stateWord(of: source, at: layout.offset) else { return nil }
        if word & layout.inactiveBit != 0 { return .inactive }
        let count = Int(word / layout.step)
        return count > 0 ? .suspended(count) : .active
    }

    /// Where the state word sits and what one suspension adds to it.
    private struct Layout: Sendable {
        let offset: Int
        let step: UInt64
        let inactiveBit: UInt64

        static let calibrated: Layout? = calibrate()

        /// At most this many words are compared; never more than the object holds.
        private static let wordsRead = 32

        /// Reads a probe source in four states; the word that steps by one power of two per
        /// suspension, and the highest bit only a never-resumed source has set there.
        private static func calibrate() -> Layout? {
            let probe = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timerlab.source-state"))
            probe.schedule(deadline: .distantFuture)
            let inactive = words(of: probe)
            probe.resume()
            let active = words(of: probe)
            probe.suspend()
            let once = words(of: probe)
            probe.suspend()
            let twice = words(of: probe)
            probe.resume()
            probe.resume()
            probe.cancel()
            guard let inactive, let active, let once, let twice else { return nil }
            for offset in active.indices {
                let step = once[offset] &- active[offset]
                guard step != 0, step & (step - 1) == 0, twice[offset] &- once[offset] == step,
                    active[offset] < step
                else { continue }
                let onlyInactive = inactive[offset] & ~active[offset]
                guard onlyInactive != 0 else { return nil }
                let inactiveBit = UInt64(1) << (63 - UInt64(onlyInactive.leadingZeroBitCount))
                return Layout(offset: offset, step: step, inactiveBit: inactiveBit)
            }
            return nil
        }

        /// The first words of the object `source` wraps, as many as it holds (up to `wordsRead`);
        /// `nil` when its pointer or size cannot be had.
        private static func words(of source: DispatchSourceTimer) -> [UInt64]? {
            guard let pointer = wrappedPointer(of: source), let size = SystemSeam.allocationSize(of: pointer) else { return nil }
            return (0..<min(wordsRead, size / 8)).map { pointer.load(fromByteOffset: $0 * 8, as: UInt64.self) }
        }

        /// The `offset`th 64-bit word of the libdispatch object `source` wraps, if the object
        /// holds that many. The caller's reference keeps the object alive while it is read; an
        /// aligned word is read whole.
        static func stateWord(of source: DispatchSourceTimer, at offset: Int) -> UInt64? {
            guard let pointer = wrappedPointer(of: source), let size = SystemSeam.allocationSize(of: pointer),
                (offset + 1) * 8 <= size
            else { return nil }
            return pointer.load(fromByteOffset: offset * 8, as: UInt64.self)
        }

        /// swift-corelibs-libdispatch's `DispatchSource` keeps its C object in `__wrapped`.
        private static func wrappedPointer(of source: DispatchSourceTimer) -> UnsafeRawPointer? {
            var mirror: Mirror? = Mirror(reflecting: source)
            while let current = mirror {
                if let wrapped = current.children.first(where: { $0.label == "__wrapped" })?.value {
                    return (wrapped as? OpaquePointer).map(UnsafeRawPointer.init)
                }
                mirror = current.superclassMirror
            }
            return nil
        }
    }
}
