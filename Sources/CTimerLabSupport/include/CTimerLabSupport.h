#ifndef CTIMERLABSUPPORT_H
#define CTIMERLABSUPPORT_H

/// Asks the kernel to kill this process (SIGKILL) when the thread that started it exits, or, with
/// `armed` 0, no longer to. Linux only (PR_SET_PDEATHSIG); elsewhere it does nothing: there a
/// child of `check` learns of its parent's death from its progress pipe. Returns 0 or -1.
int timerlab_arm_parent_death(int armed);

/// Makes SIGQUIT end the process quietly with status 131 (no backtrace, no core), and SIGXFSZ
/// and SIGPIPE ignored so that a file-size limit or a reader gone is a failed write. Called once at start-up. Returns 0 or -1.
int timerlab_prepare_process_signals(void);

/// Makes SIGQUIT end the process quietly with status 131 again (after routing ends). 0 or -1.
int timerlab_quit_quietly(void);

/// Puts SIGCHLD back to its default, so children are not reaped behind check's back. 0 or -1.
int timerlab_default_child_signal(void);

/// Routes SIGINT, SIGTERM, SIGHUP and SIGQUIT to `write_fd`: the handler writes the signal's number as one
/// byte (write is async-signal-safe), so a poll loop can wake up and clean up. Unblocks the four
/// signals for the calling thread, which must be the one that polls. Returns 0 or -1.
int timerlab_route_interrupts(int write_fd);

/// Puts SIGINT, SIGTERM, SIGHUP and SIGQUIT back to the actions they had before `timerlab_route_interrupts`.
void timerlab_restore_interrupts(void);

/// A pipe whose ends close on exec (and, if `nonblocking`, never block): pipe2(2) on Linux,
/// pipe(2) and fcntl(2) elsewhere. Returns 0 or -1.
int timerlab_pipe(int ends[2], int nonblocking);

/// The process's argument count as the kernel passed it to `main`, captured before Swift starts.
/// Swift's `CommandLine` on Linux reads `/proc/self/cmdline`, which is empty where procfs is not
/// mounted; glibc hands every ELF constructor `argc` and `argv`, so these need no procfs.
int timerlab_argc(void);

/// The process's argument vector as the kernel passed it (see `timerlab_argc`); NULL-terminated.
char *const *timerlab_argv(void);

#endif
