import CTimerLabSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIX {
    /// A pipe whose ends close on exec; `nil` with `errno` set if none could be had.
    static func pipe(nonBlocking: Bool = false) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard timerlab_pipe(&ends, nonBlocking ? 1 : 0) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// Starts `executable` with `posix_spawn`: standard input from `/dev/null`, output and error
    /// to `output` and `error`, the `inherited` descriptors kept open across exec under their own
    /// numbers (a `dup2` onto itself clears close-on-exec in the child alone), and the
    /// interrupting signals at their defaults and none blocked. The child's pid, or the error code.
    static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String], output: Int32, error: Int32,
        inherited: [Int32]
    ) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO)
        inherited.forEach { posix_spawn_file_actions_adddup2(&actions, $0, $0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(SpawnFailure(code: code))
    }

    /// Why a process could not be started: the `errno`.
    struct SpawnFailure: Error {
        let code: Int32
    }

    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGXFSZ at their defaults and no signal blocked, whatever
    /// the parent changed for itself.
    private static func resetSignals(_ attributes: inout posix_spawnattr_t) {
        var defaults = sigset_t()
        sigemptyset(&defaults)
        [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ].forEach { sigaddset(&defaults, $0) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }
}
