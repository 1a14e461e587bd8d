import CTimerLabSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// Asks the kernel to kill this process when its parent dies (Linux; elsewhere nothing).
    static func armParentDeath() { _ = timerlab_arm_parent_death(1) }

    /// Puts SIGCHLD back to its default, so children are not reaped behind `check`'s back.
    static func defaultChildSignal() { _ = timerlab_default_child_signal() }

    /// SIGQUIT ends the process quietly; SIGXFSZ and SIGPIPE make writes fail instead of killing it.
    static func prepareProcessSignals() { _ = timerlab_prepare_process_signals() }

    /// The process's arguments as the kernel passed them, before Swift read them (see
    /// `timerlab_argv`): each as its bytes; the program's name first.
    static func arguments() -> [[UInt8]] {
        guard let argv = timerlab_argv() else { return [] }
        return (0..<Int(timerlab_argc())).compactMap { index in
            guard let argument = argv[index] else { return nil }
            return Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
        }
    }
}
